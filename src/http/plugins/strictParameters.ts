import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { ApiError, type ParameterError } from '../../errors.js';

/** Plain decimal integers: no exponent, no fraction, no hex, no blanks. */
const INTEGER_TEXT = /^[+-]?\d+$/;
/** Plain decimal numbers: digits with an optional fraction; no exponent, Infinity or hex. */
const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

interface SchemaLike {
  type?: unknown;
  enum?: unknown;
  properties?: Record<string, SchemaLike>;
}

interface ParameterRules {
  names: Set<string>;
  integers: Set<string>;
  numbers: Set<string>;
  /** Lower-cased enumeration value -> the canonical value, per parameter. */
  enums: Map<string, Map<string, string>>;
}

function rulesOf(schema: SchemaLike | undefined): ParameterRules {
  const rules: ParameterRules = { names: new Set(), integers: new Set(), numbers: new Set(), enums: new Map() };
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    rules.names.add(name);
    if (property.type === 'integer') rules.integers.add(name);
    else if (property.type === 'number') rules.numbers.add(name);
    if (Array.isArray(property.enum)) {
      rules.enums.set(name, new Map(property.enum.filter((v): v is string => typeof v === 'string').map((v) => [v.toLowerCase(), v])));
    }
  }
  return rules;
}

/** The problems of one set of raw parameters (query or path); canonicalises enum case in place. */
function check(values: Record<string, unknown>, rules: ParameterRules, strictNames: boolean, errors: ParameterError[]): void {
  const accepted = [...rules.names].join(', ') || 'none';
  for (const [name, raw] of Object.entries(values)) {
    if (!rules.names.has(name)) {
      if (strictNames) errors.push({ parameter: name, message: `is not a parameter of this endpoint (accepted: ${accepted})` });
      continue;
    }
    if (Array.isArray(raw)) {
      errors.push({ parameter: name, message: 'is given more than once' });
      continue;
    }
    if (typeof raw !== 'string') continue;
    if (rules.integers.has(name) && !INTEGER_TEXT.test(raw)) {
      errors.push({ parameter: name, message: 'must be an integer written in plain digits (no exponent, fraction or sign words)' });
    } else if (rules.numbers.has(name) && !NUMBER_TEXT.test(raw)) {
      errors.push({ parameter: name, message: 'must be a number written in plain decimal digits (no exponent)' });
    }
    const canonical = rules.enums.get(name)?.get(raw.trim().toLowerCase());
    if (canonical !== undefined) values[name] = canonical;
  }
}

/**
 * Makes every route of the scope strict about its parameters, before schema validation
 * (which would coerce "1e3" to 1000 and ignore names it does not know): a query parameter the
 * route does not declare is 400 naming it, integers and numbers are plain decimal text, a
 * parameter is given once, and enumerated values are matched without regard to case.
 */
export function strictParameters(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as { querystring?: SchemaLike; params?: SchemaLike } | undefined;
    const query = rulesOf(schema?.querystring);
    const params = rulesOf(schema?.params);
    const hook = (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
      const errors: ParameterError[] = [];
      check(request.params as Record<string, unknown>, params, false, errors);
      check(request.query as Record<string, unknown>, query, true, errors);
      if (errors.length === 0) return done();
      done(new ApiError('invalid_parameter', errors.map((e) => `${e.parameter} ${e.message}`).join('; '), { errors }));
    };
    const existing = route.preValidation;
    route.preValidation = existing === undefined ? [hook] : [...(Array.isArray(existing) ? existing : [existing]), hook];
  });
}
