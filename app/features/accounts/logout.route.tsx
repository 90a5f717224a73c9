import { redirect } from "react-router";
import { langFromPath, localizePath } from "~/i18n/lang";
import type { Route } from "./+types/logout.route";
import { logoutAction } from "./account-actions.server";

/** The log-out buttons post here without JavaScript (POST only: a link or a GET never logs anyone out). */
export const action = logoutAction;

export function loader({ request }: Route.LoaderArgs) {
  return redirect(localizePath("/login", langFromPath(new URL(request.url).pathname)));
}
