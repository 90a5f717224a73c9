import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import { hostname } from "node:os";
import type { Span, Tracer } from "@opentelemetry/api";
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";
import type { Config } from "./config";

/**
 * OpenTelemetry traces (decision 124), off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. Spans are
 * made here by hand, not by auto-instrumentation: the server is one esbuild bundle of ES modules,
 * which require-hooking instrumentations cannot patch, and what they would add (raw URLs, SQL text
 * with values) is what a span must never hold. Everything OpenTelemetry is imported only when
 * tracing is on; this module's own imports of it are types.
 *
 * A span holds route patterns, methods, status codes, the proxy's request id, job kinds and table
 * names: never a raw path, a query string, a header other than the request id, SQL text, a bound
 * value, a job payload or an error message (any of which can carry an e-mail or a token).
 */
export interface Tracing {
  /** A span for one request, from now until its answer is over, named by its route pattern then. */
  request(req: IncomingMessage, res: ServerResponse, routeOf: () => string): void;
  /** Runs `next` (the rest of the app) inside the request's span, so its queries are children of it. */
  enter(req: IncomingMessage, next: () => void): void;
  /** A span for one run of a background job, by kind. */
  job<T>(kind: string, attempt: number, run: () => Promise<T>): Promise<T>;
  /** Database queries as child spans of the request or job under way (none outside one). */
  queries: KyselyPlugin;
  /** Sends what is buffered and stops; gives up after SHUTDOWN_FLUSH_MS (a collector that is down must not hold a release up). */
  shutdown(): Promise<void>;
}

/**
 * Static files are most requests and say nothing about what visitors did (the request log leaves
 * them out too); the proxy's health check comes every second from each proxy.
 */
const UNTRACED = /^\/(?:(?:assets|fonts|images)\/|healthz(?:$|\?))/;
/** The proxy's request id (deploy/Caddyfile), the same rule as the request log's. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Seen: a stopped collector held the exit 8 s after the drain. */
const SHUTDOWN_FLUSH_MS = 2_000;

/** Starts tracing when configured; resolves undefined (and loads nothing) when not. */
export async function startTracing(settings: Config["tracing"], database: Config["database"]["kind"]): Promise<Tracing | undefined> {
  if (!settings) return undefined;
  const [api, { TracerProvider, BatchSpanProcessor }, { resourceFromAttributes }, { OTLPTraceExporter }] = await Promise.all([
    import("@opentelemetry/api"),
    import("@opentelemetry/sdk-trace"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/exporter-trace-otlp-http"),
  ]);
  // The exporter's default encoding is JSON. Its queue is bounded (2,048 spans, then dropped).
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": settings.serviceName, "service.instance.id": `${hostname()}-${process.pid}` }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: settings.tracesUrl }) })],
  });
  // Not registered globally: each app (tests build many in one process) keeps its own provider.
  const tracer: Tracer = provider.getTracer("stem-academy");
  const current = new AsyncLocalStorage<Span>();
  const requestSpans = new WeakMap<IncomingMessage, Span>();
  const within = (parent: Span) => api.trace.setSpan(api.ROOT_CONTEXT, parent);
  const dbSystem = database === "postgres" ? "postgresql" : "sqlite";

  const querySpans = new WeakMap<QueryId, Span>();
  const queries: KyselyPlugin = {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      const parent = current.getStore();
      if (parent) {
        const operation = operationOf(node);
        const table = tableOf(node);
        const attributes: Record<string, string> = { "db.system.name": dbSystem, "db.operation.name": operation };
        if (table) attributes["db.collection.name"] = table;
        // A query that throws never reaches transformResult: its span is dropped unsent (the request's span shows the failure).
        querySpans.set(queryId, tracer.startSpan(table ? `${operation} ${table}` : operation, { kind: api.SpanKind.CLIENT, attributes }, within(parent)));
      }
      return node;
    },
    async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      querySpans.get(queryId)?.end();
      return result;
    },
  };

  return {
    request(req, res, routeOf) {
      if (UNTRACED.test(req.url ?? "")) return;
      const span = tracer.startSpan("HTTP", { kind: api.SpanKind.SERVER });
      requestSpans.set(req, span);
      res.once("close", () => {
        const route = routeOf();
        const status = res.statusCode;
        span.updateName(`${req.method} ${route}`);
        span.setAttributes({ "http.request.method": req.method ?? "", "http.route": route, "http.response.status_code": status });
        const id = req.headers["x-request-id"];
        if (typeof id === "string" && REQUEST_ID.test(id)) span.setAttribute("http.request.header.x-request-id", [id]);
        if (!res.writableFinished) span.setAttribute("stem.aborted", true);
        if (status >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
        span.end();
      });
    },
    enter(req, next) {
      const span = requestSpans.get(req);
      if (span) current.run(span, next);
      else next();
    },
    async job(kind, attempt, run) {
      const span = tracer.startSpan(`job ${kind}`, { kind: api.SpanKind.CONSUMER, attributes: { "job.kind": kind, "job.attempt": attempt } });
      try {
        return await current.run(span, run);
      } catch (error) {
        // No message: an error's text can name an address or a payment reference.
        span.setStatus({ code: api.SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
    queries,
    async shutdown() {
      let timer: NodeJS.Timeout | undefined;
      const givenUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_FLUSH_MS).unref()));
      await Promise.race([provider.shutdown().catch(() => {}), givenUp]);
      clearTimeout(timer);
    },
  };
}

const OPERATIONS: Record<string, string> = {
  SelectQueryNode: "SELECT",
  InsertQueryNode: "INSERT",
  UpdateQueryNode: "UPDATE",
  DeleteQueryNode: "DELETE",
  MergeQueryNode: "MERGE",
  RawNode: "SQL",
};

function operationOf(node: RootOperationNode): string {
  return OPERATIONS[node.kind] ?? node.kind.replace(/Node$/, "").toUpperCase();
}

/** The first table a query names (never its text or values). */
function tableOf(node: RootOperationNode): string | undefined {
  const n = node as unknown as { from?: { froms?: OperationNode[] } | OperationNode; into?: OperationNode; table?: OperationNode };
  const first = n.into ?? n.table ?? (n.from && "froms" in n.from ? n.from.froms?.[0] : (n.from as OperationNode | undefined));
  return tableName(first);
}

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  const n = node as unknown as { kind: string; node?: OperationNode; table?: { identifier?: { name?: string } } };
  if (n.kind === "AliasNode") return tableName(n.node);
  if (n.kind === "TableNode") return n.table?.identifier?.name;
  return undefined;
}
