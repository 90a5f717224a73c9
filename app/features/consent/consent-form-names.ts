/** Form names in the consent pages' form state (a refused post comes back under its form's name); shared by the pages and their actions. */
export const NEW_FORM = "consent-new";
export const EDIT_FORM = "consent-edit";
export const REMIND_FORM = "consent-remind";
export const completeFormName = (child: string) => `consent-child-${child}`;
export const checkoutFormName = (id: string) => `checkout-${id}`;
