import { useTranslation } from "react-i18next";
import { useServedState } from "~/lib/forms/served-state";
import { LocalLink } from "~/ui/LocalLink";
import { PICKUP_FORM } from "./attendance-forms";
import { PassTokenField, scanButton as button } from "./PassParts";
import type { PickupPageData } from "./pickup-page.server";

/** The pickup page's parts (decision 142): plain markup and forms, no script. */

const card = "space-y-3 rounded-xl border border-slate-200 bg-white p-4";
const input = "mt-1 min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2";

/** A collector's photo (served only to staff and the child's instructors) or a plain placeholder. */
function Photo({ photoId, name }: { photoId: number | null; name: string }) {
  const { t } = useTranslation("teaching");
  return photoId ? (
    <img
      src={`/api/pickup-photos/${photoId}?w=320`}
      alt={t("pickup.photo", { name })}
      width={96}
      height={96}
      className="size-24 shrink-0 rounded-lg border border-slate-300 object-cover"
    />
  ) : (
    <span className="flex size-24 shrink-0 items-center justify-center rounded-lg border border-dashed border-slate-400 text-center text-sm text-slate-700">
      {t("pickup.noPhoto")}
    </span>
  );
}

/** The field a desk scanner types a pickup pass into (a GET: it only shows the pass). */
export function ScanForm({ child }: { child?: { meetingId: number; enrolmentId: number } }) {
  const { t } = useTranslation("teaching");
  const id = child ? "pickup-pass-child" : "pickup-pass";
  return (
    <form method={child ? "post" : "get"} className={card}>
      {child ? null : <p className="text-slate-800">{t("pickup.intro")}</p>}
      {child ? (
        <>
          <input type="hidden" name="meetingId" value={child.meetingId} />
          <input type="hidden" name="enrolmentId" value={child.enrolmentId} />
        </>
      ) : null}
      <PassTokenField id={id} label={t("pickup.field")} hint={t("pickup.fieldHint")} />
      <button type="submit" className={button}>
        {t("pickup.scan")}
      </button>
    </form>
  );
}

type PassScreen = NonNullable<Extract<PickupPageData, { kind: "pass" }>["pass"]>;

/** A scanned pickup pass: who is collecting, whether they may, and their children in today's classes. */
export function PassView({ pass }: { pass: PassScreen }) {
  const { t } = useTranslation("teaching");
  const { collector } = pass;
  return (
    <section aria-labelledby="collector-heading" className={card}>
      <div className="flex items-center gap-4">
        <Photo photoId={collector.photoId} name={collector.name} />
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-700">{t("pickup.collector")}</p>
          <h2 id="collector-heading" className="text-xl font-bold break-words text-slate-900" data-collector="">
            <bdi>{collector.name}</bdi>
          </h2>
          <p className="text-sm text-slate-700">{t("pickup.guardian")}</p>
        </div>
      </div>
      {!collector.mayCollect ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 font-semibold text-red-900">
          {t("pickup.mayNot")}
        </p>
      ) : pass.children.length === 0 ? (
        <p className="text-slate-800">{t("pickup.noChildren")}</p>
      ) : (
        <>
          <h3 className="font-semibold text-slate-900">{t("pickup.children")}</h3>
          <ul className="space-y-3">
            {pass.children.map((child) => (
              <li key={`${child.meetingId}-${child.enrolmentId}`} className="rounded-lg border border-slate-300 p-3">
                <p className="font-semibold text-slate-900">
                  <bdi>{child.name}</bdi>
                </p>
                <p className="text-sm text-slate-700">
                  {child.course} · {child.time}
                </p>
                {child.collectedBy ? (
                  <p className="mt-1 font-medium text-emerald-900">{t("pickup.collectedShort", { name: child.collectedBy })}</p>
                ) : (
                  <form method="post" className="mt-2">
                    <input type="hidden" name="meetingId" value={child.meetingId} />
                    <input type="hidden" name="enrolmentId" value={child.enrolmentId} />
                    <input type="hidden" name="token" value={pass.token} />
                    <button type="submit" className={button}>
                      {t("pickup.hand", { child: child.name, name: collector.name })}
                    </button>
                  </form>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

type ChildScreen = NonNullable<Extract<PickupPageData, { kind: "child" }>["child"]>;

/** One child of a class: collected already, or who may collect with a pass field and the pickup list with a PIN. */
export function ChildView({ screen }: { screen: ChildScreen }) {
  const { t } = useTranslation("teaching");
  const served = useServedState(PICKUP_FORM);
  const people = screen.collectors.filter((c) => c.kind === "person");
  const at = { meetingId: screen.meeting.id, enrolmentId: screen.child.enrolmentId };
  return (
    <>
      <section aria-labelledby="pickup-child" className={card}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-900">
          <dt className="font-medium">{t("pickup.child")}</dt>
          <dd id="pickup-child" className="font-semibold">
            <bdi>{screen.child.name}</bdi>
          </dd>
          <dt className="font-medium">{t("pickup.class")}</dt>
          <dd>
            {screen.meeting.course} · {t("checkIn.classWhen", { date: screen.meeting.date, time: screen.meeting.time })}
          </dd>
        </dl>
        {screen.collected ? (
          <p id="pickup-result" role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-lg font-semibold text-emerald-900">
            {t("pickup.collected", { name: screen.collected.by, time: screen.collected.time })}
          </p>
        ) : null}
        <h2 className="font-semibold text-slate-900">{t("meeting.pickup")}</h2>
        {screen.collectors.length === 0 ? <p className="text-slate-800">{t("pickup.nobody")}</p> : null}
        <ul className="grid gap-3 sm:grid-cols-2">
          {screen.collectors.map((c) => (
            <li key={`${c.kind}-${c.id}`} className="flex items-center gap-3 rounded-lg border border-slate-300 p-2" data-collector-option="">
              <Photo photoId={c.photoId} name={c.name} />
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">
                  <bdi>{c.name}</bdi>
                </p>
                <p className="text-sm text-slate-700">{t(c.kind === "guardian" ? "pickup.guardian" : "pickup.listed")}</p>
                {c.pinLocked ? <p className="text-sm font-semibold text-red-900">{t("pickup.pinLocked")}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      </section>
      {screen.collected ? null : (
        <>
          <ScanForm child={at} />
          {people.length > 0 ? (
            <form method="post" className={card} aria-labelledby="pin-heading">
              <h2 id="pin-heading" className="font-semibold text-slate-900">
                {t("pickup.or")}
              </h2>
              <input type="hidden" name="meetingId" value={at.meetingId} />
              <input type="hidden" name="enrolmentId" value={at.enrolmentId} />
              <fieldset>
                <legend className="font-medium text-slate-900">{t("pickup.person")}</legend>
                {people.map((p, index) => (
                  <label key={p.id} className="mt-1 flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 py-2">
                    <input
                      type="radio"
                      name="pickupId"
                      value={p.id}
                      required
                      defaultChecked={served?.values.pickupId ? served.values.pickupId === String(p.id) : index === 0}
                      className="size-5 accent-indigo-700"
                    />
                    <bdi>{p.name}</bdi>
                  </label>
                ))}
              </fieldset>
              <div>
                <label htmlFor="pickup-pin" className="block font-medium text-slate-900">
                  {t("pickup.pin")}
                </label>
                <p id="pickup-pin-hint" className="text-sm text-slate-700">
                  {t("pickup.pinHint")}
                </p>
                <input
                  id="pickup-pin"
                  name="pin"
                  type="password"
                  inputMode="numeric"
                  autoComplete="off"
                  pattern="[0-9]{4,6}"
                  maxLength={6}
                  dir="ltr"
                  aria-describedby="pickup-pin-hint"
                  className={input}
                />
              </div>
              <button type="submit" className={button}>
                {t("pickup.checkPin")}
              </button>
            </form>
          ) : null}
        </>
      )}
      <p>
        <LocalLink to={`/teaching/meetings/${screen.meeting.id}`} className="font-medium text-indigo-800 underline">
          {t("pickup.roster")}
        </LocalLink>
      </p>
    </>
  );
}
