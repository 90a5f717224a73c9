import { memo, useLayoutEffect, useEffect } from "react";
import { c as useApiForm } from "./use-api-form-CArYTp3b.js";
import "react-hook-form";
import "./use-lang-BxLAK5uO.js";
import "react-router";
import "cookie";
const ApiFormEngine = memo(function ApiFormEngine2({ options, onChange }) {
  const form = useApiForm(options.current);
  useLayoutEffect(() => onChange(form));
  useEffect(() => form.formProps.onFocus(), [form.formProps]);
  return null;
});
export {
  ApiFormEngine
};
