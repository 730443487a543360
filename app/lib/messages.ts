/**
 * The product's messages, word for word from the specification (section 8 and the screens).
 * Server and browser code both take them from here, as a namespace:
 *
 *   import * as MESSAGES from "~/lib/messages";
 *
 * Each message is its own export so that a browser bundle carries only the messages its code
 * names (a namespace import keeps that; an object of messages would ship the whole catalog).
 */
export const usernameNotFound = "Username not found";
export const verifyBeforeLogin = "Please verify your email before logging in.";
export const invalidCredentials = "Invalid login credentials";
export const loginSuccess = "Login successful!";
export const usernameInUse = "Username already in use";
export const registered = "A verification email has been sent. Please verify before logging in.";
export const phoneLoadFailed = "Unable to load phone number. Please check your connection.";
export const accountUpdated = "Account updated successfully!";
export const passwordUpdated = "Password updated successfully!";
export const resetMailSent = "Password reset email sent.";
export const bothPasswordsRequired = "Please enter both current and new passwords.";
export const addressSaved = "Address saved successfully!";
export const failedToLoadAddress = "Failed to load address.";
export const mustBeLoggedIn = "You must be logged in.";
export const selectShippingAddress = "Please select a shipping address.";
export const failedToPlaceOrder = "Failed to place order.";
export const imageUploadFailed = "Image upload failed.";
export const failedToAddProduct = "Failed to add product.";
export const productNotFound = "Product not found.";
export const noProductsAvailable = "No products available.";
export const noOrdersFound = "No orders found.";
export const unknownUser = "Unknown User";
export const noProductsFound = "No products found.";
export const loadingMoreProducts = "Loading more products...";
export const underage = "You must be 21 or older to enter this site.";
export const loginToAdd = "Please login to add items to your cart.";
export const outOfStock = "This product is currently out of stock.";
export const confirmDeleteProduct = "Are you sure you want to delete this product?";
export const loginToViewPricing = "Login to view pricing";
export const freeShipping = "Free Shipping on all orders $500+";

/** '{product name} added to cart!' */
export function addedToCart(productName: string): string {
  return `${productName} added to cart!`;
}

/** 'Error: {message}' */
export function errorMessage(message: string): string {
  return `Error: ${message}`;
}

/** Answer to a forgot-password request, the same whether or not the address has an account. */
export const RESET_LINK_INVALID = "This reset link is invalid or has expired. Please ask for a new one.";
export const RESET_REQUESTED = "If an account exists for that email, we have sent a link to reset the password.";

// ---- The store's own sentences (beyond the specification) ----
export const awaitingApproval = "Your account is waiting for approval";
