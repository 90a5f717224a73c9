/**
 * A structural check of an OpenAPI 3.1 document: the fields the specification requires, the shapes
 * of paths, operations, parameters and responses, unique operation ids, path parameters declared
 * and required, and every `$ref` resolving. The official schema is checked by a standard validator
 * in openapi.test.ts (decision 107, amended); this keeps the rules that schema cannot say.
 * Returns the problems found, empty when none.
 */
export function openApi31Problems(doc: unknown): string[] {
  const problems: string[] = [];
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isObject(doc)) return ["the document is not an object"];
  if (typeof doc.openapi !== "string" || !/^3\.1\.\d+$/.test(doc.openapi)) problems.push(`openapi must be "3.1.x", is ${JSON.stringify(doc.openapi)}`);
  const info = doc.info;
  if (!isObject(info)) problems.push("info is required");
  else {
    if (typeof info.title !== "string" || !info.title) problems.push("info.title is required");
    if (typeof info.version !== "string" || !info.version) problems.push("info.version is required");
  }
  if (!("paths" in doc) && !("components" in doc) && !("webhooks" in doc)) problems.push("one of paths, components or webhooks is required");
  for (const key of Object.keys(doc)) {
    if (
      !["openapi", "info", "jsonSchemaDialect", "servers", "paths", "webhooks", "components", "security", "tags", "externalDocs"].includes(key) &&
      !key.startsWith("x-")
    )
      problems.push(`unknown top-level field ${key}`);
  }
  const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
  const operationIds = new Set<string>();
  const paths = isObject(doc.paths) ? doc.paths : {};
  const templates = new Map<string, string>();
  for (const [path, item] of Object.entries(paths)) {
    if (!path.startsWith("/")) problems.push(`path ${path} must start with /`);
    // Paths differing only in their parameters' names are the same template (not allowed twice).
    const template = path.replace(/\{[^}]+\}/g, "{}");
    if (templates.has(template)) problems.push(`paths ${templates.get(template)} and ${path} are the same template`);
    templates.set(template, path);
    if (!isObject(item)) {
      problems.push(`${path}: not an object`);
      continue;
    }
    const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    for (const [method, op] of Object.entries(item)) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!methods.includes(method)) {
        if (!["summary", "description", "servers", "parameters", "$ref"].includes(method) && !method.startsWith("x-"))
          problems.push(`${path}: unknown field ${method}`);
        continue;
      }
      if (!isObject(op)) {
        problems.push(`${where}: not an object`);
        continue;
      }
      if (typeof op.operationId === "string") {
        if (operationIds.has(op.operationId)) problems.push(`${where}: operationId ${op.operationId} is not unique`);
        operationIds.add(op.operationId);
      }
      const params = Array.isArray(op.parameters) ? op.parameters : [];
      const seen = new Set<string>();
      for (const p of params) {
        if (!isObject(p) || typeof p.name !== "string" || !["query", "header", "path", "cookie"].includes(String(p.in))) {
          problems.push(`${where}: a parameter needs a name and in (query, header, path or cookie)`);
          continue;
        }
        const id = `${p.in}:${p.name}`;
        if (seen.has(id)) problems.push(`${where}: parameter ${id} twice`);
        seen.add(id);
        if (p.in === "path" && p.required !== true) problems.push(`${where}: path parameter ${p.name} must be required`);
        if (p.in === "path" && !names.includes(p.name)) problems.push(`${where}: path parameter ${p.name} is not in the path`);
        if (!("schema" in p) && !("content" in p)) problems.push(`${where}: parameter ${p.name} needs a schema or content`);
      }
      for (const name of names) if (!seen.has(`path:${name}`)) problems.push(`${where}: path parameter ${name} is not declared`);
      if (op.requestBody !== undefined && (!isObject(op.requestBody) || !isObject(op.requestBody.content)))
        problems.push(`${where}: requestBody needs content`);
      if (!isObject(op.responses) || Object.keys(op.responses).length === 0) problems.push(`${where}: responses are required`);
      else {
        for (const [status, response] of Object.entries(op.responses)) {
          if (!/^(default|[1-5](XX|\d\d))$/.test(status)) problems.push(`${where}: response key ${status} is not a status, a range or default`);
          if (!isObject(response) || (typeof response.description !== "string" && !("$ref" in response)))
            problems.push(`${where}: response ${status} needs a description`);
        }
      }
      if (op.security !== undefined && !Array.isArray(op.security)) problems.push(`${where}: security must be a list`);
    }
  }
  // Every reference points into this document and resolves.
  const visit = (value: unknown, at: string) => {
    if (Array.isArray(value)) value.forEach((v, i) => visit(v, `${at}/${i}`));
    else if (isObject(value)) {
      for (const [k, v] of Object.entries(value)) {
        if (k === "$ref" && typeof v === "string") {
          if (!v.startsWith("#/")) {
            // $refs inside an embedded JSON Schema may point at its own $defs ("#/$defs/..." is handled as local above).
            problems.push(`${at}: $ref ${v} leaves the document`);
            continue;
          }
          if (!resolves(doc, v) && !v.startsWith("#/$defs/")) problems.push(`${at}: $ref ${v} does not resolve`);
        } else visit(v, `${at}/${k}`);
      }
    }
  };
  visit(doc, "#");
  const schemes = isObject(doc.components) && isObject(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
  for (const [path, item] of Object.entries(paths)) {
    for (const op of Object.values(isObject(item) ? item : {})) {
      for (const requirement of isObject(op) && Array.isArray(op.security) ? op.security : []) {
        for (const name of Object.keys(isObject(requirement) ? requirement : {}))
          if (!(name in schemes)) problems.push(`${path}: security scheme ${name} is not declared`);
      }
    }
  }
  return problems;
}

function resolves(doc: Record<string, unknown>, ref: string): boolean {
  let node: unknown = doc;
  for (const raw of ref.slice(2).split("/")) {
    const part = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof node !== "object" || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}
