import { AjvCompiler } from '@fastify/ajv-compiler';

type Validator = ((data: unknown) => boolean | Promise<unknown>) & { errors?: unknown[] | null };
type BuildValidator = ReturnType<typeof AjvCompiler>;

/**
 * Ajv's coercion turns the strings `Infinity`, `1e309` and `-1e309` into ±Infinity and then
 * skips `minimum`/`maximum` (it only compares finite numbers), so a query or path number out
 * of JavaScript's range passed validation and reached SQLite as a datatype mismatch (500).
 * Every validator Fastify compiles is wrapped: after Ajv accepts, a top-level value that
 * became a non-finite number is reported as a validation error of its own parameter.
 */
export function finiteNumberValidators(): BuildValidator {
  const base = AjvCompiler();
  return ((externalSchemas: unknown, options: unknown) => {
    const compile = (base as (e: unknown, o: unknown) => (route: unknown) => Validator)(externalSchemas, options);
    return (route: unknown) => {
      const validate = compile(route);
      const checked: Validator = (data: unknown) => {
        const ok = validate(data);
        checked.errors = validate.errors;
        if (ok !== true || data === null || typeof data !== 'object') return ok;
        for (const [name, value] of Object.entries(data)) {
          if (typeof value === 'number' && !Number.isFinite(value)) {
            checked.errors = [{ instancePath: `/${name}`, keyword: 'finite', params: {}, message: 'must be a finite number in range' }];
            return false;
          }
        }
        return true;
      };
      return checked;
    };
  }) as unknown as BuildValidator;
}
