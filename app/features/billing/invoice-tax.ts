/** The invoice's tax rule lives with pricing, so the price before paying and the invoice compute it once (decision 101). */
export { invoiceTax, type TaxSettings } from "~/features/billing/discounts/price-lines";
