// Leaving the product for a payment provider's page (PayPal's approval, a bank's 3-D Secure page): a full navigation,
// in one place so that page tests can watch where the payer is sent.
export function leaveFor(url: string): void {
  window.location.assign(url);
}
