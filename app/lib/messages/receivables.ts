/**
 * The sentences of paid on account (issue 30): terms, credit, invoices, payments and statements,
 * word for word. Import as a namespace: `import * as RECEIVABLES from "~/lib/messages/receivables"`.
 */
export const creditHoldReason = "On credit hold: the store reviews this order before it ships.";
export const prepaidHoldReason = "Prepaid: this order ships once the store records its payment.";
export const creditHoldOverLimit = (limit: string, exposure: string) =>
  `On credit hold: this order would take the open balance to ${exposure}, past the credit limit of ${limit}.`;
export const creditHoldPastDue = (invoiceNumber: number, days: number) =>
  `On credit hold: invoice ${invoiceNumber} is ${days} days past due.`;
export const prepaidWaiting = "Prepaid: the order waits for its payment.";
export const termsRequired = "Choose terms from the list.";
export const pastDueDaysFormat = "Enter a number of days from 0 to 365.";
export const amountPositive = "The amount must be more than zero.";
export const amountBeyondBalance = (balance: string) =>
  `The amount is more than the invoice's open balance of ${balance}.`;
export const methodRequired = "Choose how the payment was made.";
export const referenceTooLong = "A reference has at most 60 characters.";
export const invoiceNotOpen = "That invoice is not one of this business's open invoices.";
export const businessNotFound = "That business does not exist.";
export const paymentNotFound = "That payment does not exist or is already void.";
export const termsSaved = (name: string) => `Terms and credit of ${name} saved.`;
export const storeCreditSaved = "Store terms and credit settings saved.";
export const paymentRecorded = (amount: string) => `Payment of ${amount} recorded.`;
export const paymentAlreadyRecorded = "This payment was already recorded.";
export const paymentVoided = "Payment voided.";
export const noInvoices = "No invoices yet.";
export const noBusinesses = "No business owes anything.";
export const orderNotHeld = (orderId: number) => `Order #${orderId} is not on hold.`;
/**
 * Why an order's billing changed, printed on the credit note or correction it issued (decision
 * 0052): the status the order went to.
 */
export const billingReason = (orderId: number, status: string) =>
  status === "Completed"
    ? `Correction of order #${orderId}'s invoice`
    : status === "Cancelled"
      ? `Order #${orderId} cancelled`
      : `Order #${orderId} back to ${status}`;
export const orderReleased = (orderId: number) => `Order #${orderId} released.`;
export const statementOwnersOnly = "Only an owner of the business sees its statement.";
/** What an order on a credit or prepaid hold says; null for other holds. */
export const holdReasonText = (reason: string): string | null =>
  reason === "credit-hold" ? creditHoldReason : reason === "prepaid" ? prepaidHoldReason : null;
export const confirmVoid = "Void this payment? What it paid is owed again.";
export const confirmCancelHeld = "Cancel this order? Its stock goes back on the shelf.";
export const orderCancelled = (orderId: number) => `Order #${orderId} cancelled.`;
export const invoicePastDue = (invoiceNumber: number, days: number) =>
  `Invoice ${invoiceNumber} is ${days} days past due.`;
export const noHeldOrders = "No orders on hold.";
export const noOpenInvoices = "Nothing is owed.";
export const daysLate = (days: number) => `${days} day${days === 1 ? "" : "s"} late`;
export const prepaidDue = "Paid before the order ships: it waits for your payment.";
export const codDue = "Due on delivery.";
export const netDue = (days: number, dueOn: string) =>
  `Invoiced on delivery, due ${days} days later (${dueOn} if delivered today).`;
export const overAvailableCredit =
  "This order is more than your available credit: it will wait for the store's review.";
export const invoiceMailSubject = (invoiceNumber: number, orderId: number) =>
  `Invoice ${invoiceNumber} for order #${orderId}`;
export const invoiceMailBody = (invoiceNumber: number, total: string, dueOn: string) =>
  `Your order was delivered. Invoice ${invoiceNumber} of ${total} is due ${dueOn}.`;
export const receiptMailSubject = (amount: string) => `Payment of ${amount} received`;
export const receiptMailBody = (amount: string, receivedOn: string) =>
  `We received your payment of ${amount} on ${receivedOn}. Thank you.`;
export const exportBadFilter =
  "Choose invoices, payments or credit notes, and a range of days whose start is not after its end.";
export const reminderMailSubject = (invoiceNumber: number, dueOn: string) =>
  `Invoice ${invoiceNumber} falls due ${dueOn}`;
export const reminderMailBody = (invoiceNumber: number, balance: string, dueOn: string) =>
  `A reminder: ${balance} of invoice ${invoiceNumber} falls due ${dueOn}.`;
export const pastDueMailSubject = (invoiceNumber: number) => `Invoice ${invoiceNumber} is past due`;
export const pastDueMailBody = (invoiceNumber: number, balance: string, dueOn: string) =>
  `Invoice ${invoiceNumber} fell due ${dueOn} and ${balance} of it is still open. Please send your payment.`;
export const noPayments = "No payments recorded yet.";
export const statementBadRange = "Choose a range of days whose start is not after its end.";
