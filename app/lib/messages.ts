/**
 * The product's messages, word for word from the specification (section 8 and the screens).
 * Server and browser code both take them from here.
 */
export const MESSAGES = {
  usernameNotFound: "Username not found",
  verifyBeforeLogin: "Please verify your email before logging in.",
  invalidCredentials: "Invalid login credentials",
  loginSuccess: "Login successful!",
  usernameInUse: "Username already in use",
  registered: "A verification email has been sent. Please verify before logging in.",
  phoneLoadFailed: "Unable to load phone number. Please check your connection.",
  accountUpdated: "Account updated successfully!",
  passwordUpdated: "Password updated successfully!",
  resetMailSent: "Password reset email sent.",
  bothPasswordsRequired: "Please enter both current and new passwords.",
  addressSaved: "Address saved successfully!",
  failedToLoadAddress: "Failed to load address.",
  mustBeLoggedIn: "You must be logged in.",
  selectShippingAddress: "Please select a shipping address.",
  failedToPlaceOrder: "Failed to place order.",
  imageUploadFailed: "Image upload failed.",
  failedToAddProduct: "Failed to add product.",
  productNotFound: "Product not found.",
  noProductsAvailable: "No products available.",
  noOrdersFound: "No orders found.",
  unknownUser: "Unknown User",
  noProductsFound: "No products found.",
  loadingMoreProducts: "Loading more products...",
  underage: "You must be 21 or older to enter this site.",
  loginToAdd: "Please login to add items to your cart.",
  outOfStock: "This product is currently out of stock.",
  confirmDeleteProduct: "Are you sure you want to delete this product?",
  loginToViewPricing: "Login to view pricing",
  freeShipping: "Free Shipping on all orders $500+",
} as const;

/** '{product name} added to cart!' */
export function addedToCart(productName: string): string {
  return `${productName} added to cart!`;
}

/** 'Error: {message}' */
export function errorMessage(message: string): string {
  return `Error: ${message}`;
}

/** Answer to a forgot-password request, the same whether or not the address has an account. */
export const RESET_REQUESTED = "If an account exists for that email, we have sent a link to reset the password.";
