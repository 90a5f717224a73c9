/** A wa.me link that opens a chat with the academy, with a message already typed. */
export function whatsappLink(number: string, message: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}
