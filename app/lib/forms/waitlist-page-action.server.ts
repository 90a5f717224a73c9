import { data, redirect, type AppLoadContext } from "react-router";
import { langFromPath } from "~/i18n/lang";
import { isLinkToken } from "~/lib/link-token";
import { safeLocalPath } from "~/lib/next-path";
import type { Endpoint } from "~server/http/endpoint";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any input and parameter schema; only the answer is read
type AnyEndpoint = Endpoint<any, any, any>;

/**
 * The POST of a waiting line's page (a demo slot's, a group's): the link token from the form, and
 * "accept" or "leave" run through that line's JSON endpoint in process (decision 048), so the page
 * and the API share limits, checks and messages. An unknown or malformed link is a 404; a place
 * taken goes (303) to the page the answer names in `next`; anything else renders the page again
 * (`load`) with the endpoint's message and status. The e-mail's links only open the page, so mail
 * scanners following them neither book nor give up anyone's place.
 */
export async function waitlistPageAction<View>(
  { request, context }: { request: Request; context: AppLoadContext },
  line: { accept: AnyEndpoint; leave: AnyEndpoint; next: "confirmationUrl" | "manageUrl"; load: (token: string) => Promise<View> },
): Promise<ReturnType<typeof data<{ entry: View; token: string; message: string }>>> {
  const form = await request.formData().catch(() => null);
  if (!form) throw data(null, { status: 400 });
  const token = String(form.get("token") ?? "");
  if (!isLinkToken(token)) throw data(null, { status: 404 });
  const intent = form.get("intent");
  if (intent !== "accept" && intent !== "leave") throw data(null, { status: 400 });
  const lang = langFromPath(new URL(request.url).pathname);
  const answer = await context.run(intent === "accept" ? line.accept : line.leave, { input: { token }, lang });
  if (answer.status === 404) throw data(null, { status: 404 });
  const next = safeLocalPath(answer.body[line.next]);
  if (answer.status === 201 && next) throw redirect(next, 303);
  return data({ entry: await line.load(token), token, message: String(answer.body.message ?? "") }, { status: answer.status >= 400 ? answer.status : 200 });
}
