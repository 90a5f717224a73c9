/** Names the footer form in a page's form state and its HTML id (the no-JavaScript post comes back to it). */
export const CONTACT_FORM = "contact-form";
