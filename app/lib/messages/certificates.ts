/**
 * The sentences of resale certificates (issue 41): the business's wallet, the signing and upload
 * forms, and the admin's verification. Import as a namespace:
 * `import * as CERTIFICATES from "~/lib/messages/certificates"`.
 */
export const permitDigits = "A Texas sales and use tax permit number is 11 digits.";
export const permitOrPendingReason =
  "Enter your 11-digit Texas sales and use tax permit number, or say why your permit is pending.";
export const permitAndPendingReason =
  "Enter the permit number or the reason it is pending, not both: clear the reason if you have the number.";
export const permitOfAnotherBusiness =
  "This permit number belongs to another business's account: enter your own business's permit number.";
export const chooseProductClass = "Choose at least one kind of product you buy for resale.";
export const signatureEmpty = "Sign in the box, or choose to type your name as your signature.";
export const typedSignatureEmpty = "Type your full name as your signature.";
export const typedSignatureNotSigner = "The typed signature must be the signer's name as written above.";
export const signatureUnreadable = "The signature could not be read: clear the box and sign again.";
export const chooseSignatureKind = "Choose how you sign: draw your signature or type your name.";
export const signedInFuture = "The signing date cannot be after today.";
export const signedOnFormat = "Enter the signing date as YYYY-MM-DD.";
export const itemsDescriptionRequired = "Describe the items you buy for resale.";

export const certificateNotFound = "That resale certificate was not found.";
export const certificateSigned = "Your resale certificate is signed. The store checks it and marks it verified.";
export const certificateUploaded = "Your resale certificate is uploaded. The store checks it and marks it verified.";
export const certificatesPerHour = (limit: number, minutes: number) =>
  `You may add ${limit} resale certificates an hour. Try again in ${minutes} minutes.`;

export const noCertificatesYet =
  "No resale certificate yet. Sign one here so that the store does not charge sales tax on what you buy for resale.";
export const certificatesIntro =
  "A Texas seller charges no sales tax on a sale for resale only when it holds your properly completed resale certificate (Form 01-339).";
export const ownersSignCertificates = "Only the business's owners sign and see its resale certificates.";
export const drawnSignatureHint =
  "Draw your signature with a finger or the mouse. To sign with the keyboard, choose to type your name instead.";
export const typedSignatureHint = "Your typed name is your electronic signature.";
export const signatureLabel = "Signature: sign in the box with a finger or the mouse.";
export const signatureCanvasLabel = "Signature pad. The typed choice below stands for a drawn signature.";
export const certify =
  "I, the purchaser named above, claim the right to make a nontaxable purchase for resale of the taxable items described above. I understand that I am required to pay sales or use tax on items that I use, give away or do not resell, and that giving a false certificate is a criminal offense (Texas Tax Code 151.152).";
export const pendingReasonHint = "For example: applied on 2026-11-02, permit not yet issued.";
export const businessDescriptionHint = "For example: convenience store, smoke shop.";
export const uploadIntro =
  "Already signed Form 01-339 on paper? Upload it (PDF, JPEG or PNG, up to 10 MB) and say what it covers.";
export const pendingNote = "Waiting for the store to check your permit.";
export const revokedNote = (day: string) => `Revoked on ${day}: no longer used from the next order.`;
export const reasonLine = (reason: string) => `Reason: ${reason}`;

// The admin's side.
export const checkPermitSearch = "Tick that you checked the permit in the Comptroller's permit search.";
export const checkedOnFormat = "Enter the day you checked the permit as YYYY-MM-DD.";
export const checkedInFuture = "The day you checked the permit cannot be after today.";
export const expiresOnFormat = "Enter the renewal date as YYYY-MM-DD, or leave it empty.";
export const expiresOnPast = "The renewal date must be after today.";
export const rejectionReasonRequired = "Say why the certificate is rejected: the business reads it.";
export const revocationReasonRequired = "Say why the certificate is revoked: the business reads it.";
export const certificateNotPending = "This certificate was already decided: reload to see its status.";
export const certificateNotVerified = "Only a verified certificate can be revoked.";
export const certificateVerified = "The certificate is verified.";
export const certificateRejected = "The certificate is rejected.";
export const certificateRevoked = "The certificate is revoked: the business's next order is taxed without it.";
export const noCertificatesToReview = "No resale certificates here.";
export const verifyIntro =
  "Before you verify, look up the permit number in the Comptroller's sales tax permit search and check that the permit is active and its name and address match.";
