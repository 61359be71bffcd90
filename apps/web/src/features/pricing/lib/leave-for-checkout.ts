/** Full-page navigation to the provider's (or the sandbox's) checkout page (spec 01 §4). */
export function leaveForCheckout(url: string): void {
  window.location.assign(url);
}
