import { Ajv, type ValidateFunction } from 'ajv';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: object }>; headers?: Record<string, unknown> }>;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema: Record<string, unknown> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

interface PathMatcher {
  template: string;
  pattern: RegExp;
  params: number;
}

/**
 * Checks answers against the service's own OpenAPI document: the status must be one the
 * operation documents and the body must validate against the documented schema. Every
 * HTTP test goes through it, so the document cannot drift from the code.
 */
export class OpenApiChecker {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly matchers: PathMatcher[];
  private readonly problemSchema: object;

  constructor(readonly doc: OpenApiDocument) {
    this.matchers = Object.keys(doc.paths)
      .map((template) => ({
        template,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}/?$`),
        params: (template.match(/\{/g) ?? []).length,
      }))
      .sort((a, b) => a.params - b.params);
    const withProblem = Object.values(doc.paths)
      .flatMap((item) => Object.values(item))
      .flatMap((op) => Object.values(op.responses))
      .map((r) => r.content?.['application/problem+json']?.schema)
      .find(Boolean);
    if (!withProblem) throw new Error('the OpenAPI document defines no problem+json response');
    this.problemSchema = withProblem;
  }

  operation(pathname: string, method: string): { template: string; op: Operation } | null {
    for (const m of this.matchers) {
      if (!m.pattern.test(pathname)) continue;
      const op = this.doc.paths[m.template]?.[method.toLowerCase()];
      if (op) return { template: m.template, op };
    }
    return null;
  }

  private validator(key: string, schema: object): ValidateFunction {
    let v = this.validators.get(key);
    if (!v) {
      v = this.ajv.compile(schema);
      this.validators.set(key, v);
    }
    return v;
  }

  /** Problems with one answer; empty when it matches the document. */
  check(
    method: string,
    url: string,
    status: number,
    contentType: string | undefined,
    body: string,
    headers?: Record<string, unknown>,
  ): string[] {
    if (status === 304 || method === 'HEAD' || method === 'OPTIONS') return [];
    const pathname = url.split('?')[0]!;
    const found = method === 'GET' ? this.operation(pathname, 'GET') : null;
    const type = (contentType ?? '').split(';')[0]!.trim();
    const parse = (): unknown => {
      try {
        return JSON.parse(body);
      } catch {
        return Symbol('unparsable');
      }
    };
    if (!found || pathname.startsWith('/docs')) {
      // Unknown paths and other methods: whatever they answer must be a problem document.
      if (status < 400 || pathname.startsWith('/docs')) return [];
      if (type !== 'application/problem+json') return [`${method} ${url}: ${status} is ${type}, not problem+json`];
      const v = this.validator('problem', this.problemSchema);
      return v(parse()) ? [] : [`${method} ${url}: ${status} body: ${this.ajv.errorsText(v.errors)}`];
    }
    const response = found.op.responses[String(status)];
    if (!response) return [`${method} ${url}: status ${status} is not documented for ${found.template}`];
    const schema = response.content?.[type]?.schema;
    if (!schema) return [`${method} ${url}: content type ${type} is not documented for ${status} of ${found.template}`];
    const v = this.validator(`${found.template} ${status} ${type}`, schema);
    const problems = v(parse()) ? [] : [`${method} ${url}: ${status} body does not match the document: ${this.ajv.errorsText(v.errors)}`];
    if (headers) {
      // Every header the document says this response carries must be there.
      for (const [name, header] of Object.entries(response.headers ?? {})) {
        if ((header as { required?: boolean }).required && headers[name.toLowerCase()] === undefined) problems.push(`${method} ${url}: ${status} lacks the documented header ${name}`);
      }
    }
    return problems;
  }
}
