/** What other features and server/ use of messaging (decision 127). */
export {
  queueMessage,
  templateText,
  defineMessageLink,
  type QueuedMessage,
  type MessageLink,
  WHATSAPP_WEBHOOK_PATH,
  SMS_WEBHOOK_PATH,
} from "./delivery.server";
export { inBoth } from "./templates";
export { optInFromForm } from "./preferences.server";
export { runAutomation, automationRun, AUTOMATION_CATCH_UP_DAYS } from "./automation-run.server";
export type { AutomationKey } from "./automations";
