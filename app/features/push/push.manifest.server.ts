import { defineFeature } from "~server/feature-manifest";
import { handleJob } from "~server/jobs/job";
import { pushApi } from "./push.api";
import { pushSendJob, sendPush } from "./push.server";
import { owns } from "./tables";

/** Web Push to the family's phones and computers (issue 45, decision 131). */
export const pushManifest = defineFeature({
  name: "push",
  owns,
  routers: (deps) => [pushApi(deps)],
  jobs: (deps) => [handleJob(pushSendJob, (payload) => sendPush(deps, payload.notification, payload.subscription))],
});
