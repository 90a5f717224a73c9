import { data, redirect, type ActionFunctionArgs, type AppLoadContext } from "react-router";
import { requireFamilyPage } from "~/features/family/account-owner.server";
import { langFromPath, localizePath } from "~/i18n/lang";
import type { FormState } from "~/lib/forms/form-state";
import { withNotice } from "~/lib/forms/notice";
import { photoFormOf } from "./attendance-forms";
import { accountPickupPass, accountPickupPhotos, addPickupPhoto } from "./pickups.api";

/** /account/pickup: the guardian's own pickup pass and the collectors' photos (GET /api/account/pickup-pass and …/pickup-photos). */
export async function accountPickupData(context: AppLoadContext, request: Request) {
  await requireFamilyPage(context, request, "pickup");
  const lang = langFromPath(new URL(request.url).pathname);
  const [pass, photos] = await Promise.all([context.run(accountPickupPass, { input: {}, lang }), context.run(accountPickupPhotos, { input: {}, lang })]);
  if (!pass.ok) throw data({ message: pass.body.message }, { status: pass.status });
  if (!photos.ok) throw data({ message: photos.body.message }, { status: photos.status });
  return { pass: pass.body.pass, photos: photos.body };
}

/** A photo form without JavaScript (multipart): POST /api/account/pickup-photos in process, then the page again with a notice. */
export async function accountPickupAction({ request, context }: ActionFunctionArgs) {
  await requireFamilyPage(context, request, "pickup");
  const lang = langFromPath(new URL(request.url).pathname);
  const form = await request.formData().catch(() => null);
  if (!form) throw data({ message: "Bad request." }, { status: 400 });
  const of = typeof form.get("of") === "string" ? String(form.get("of")) : "";
  const posted = form.get("file");
  const file =
    posted instanceof File && posted.size > 0
      ? { bytes: new Uint8Array(await posted.arrayBuffer()), type: posted.type, name: posted.name || "photo" }
      : undefined;
  const answer = await context.run(addPickupPhoto, { input: { of, file }, lang });
  if (answer.ok) return redirect(withNotice(localizePath("/account/pickup", lang), "pickup-photo-saved"), 303);
  const state: FormState = {
    form: photoFormOf(of === "self" ? "self" : Number(of)),
    values: { of },
    errors: answer.body.errors ?? {},
    message: answer.body.message ?? "",
  };
  return data(state, { status: answer.status, headers: { "Cache-Control": "private, no-store" } });
}
