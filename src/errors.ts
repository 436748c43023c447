/**
 * The one error type of the service. Every failure a client can see is an ApiError
 * with a code from this closed set; the status for each code is decided here and
 * nowhere else, so the HTTP layer, the catalogue and the CLI agree.
 */
export const ERROR_STATUS = {
  invalid_parameter: 400,
  unsupported_country: 400,
  unsupported_method: 400,
  unsupported_unit: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  revoked_api_key: 401,
  plan_limit_reached: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  headers_too_large: 431,
  conversion_unavailable: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_TITLES: Record<ErrorCode, string> = {
  invalid_parameter: 'Invalid parameter',
  unsupported_country: 'Unsupported country',
  unsupported_method: 'Unsupported cooking method',
  unsupported_unit: 'Unsupported unit',
  missing_api_key: 'Missing API key',
  invalid_api_key: 'Invalid API key',
  revoked_api_key: 'Revoked API key',
  plan_limit_reached: 'Plan limit reached',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  request_timeout: 'Request timeout',
  payload_too_large: 'Payload too large',
  unsupported_media_type: 'Unsupported media type',
  headers_too_large: 'Request headers too large',
  conversion_unavailable: 'Conversion unavailable',
  rate_limited: 'Rate limit exceeded',
  internal_error: 'Internal server error',
  service_unavailable: 'Service unavailable',
};

export interface ParameterError {
  parameter: string;
  message: string;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: ParameterError[] | undefined;
  /** Extra response headers the error needs (Allow, Retry-After). */
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    detail: string,
    options: { errors?: ParameterError[]; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }

  static invalidParameter(parameter: string, message: string): ApiError {
    return new ApiError('invalid_parameter', `${parameter}: ${message}`, {
      errors: [{ parameter, message }],
    });
  }

  /** `hint` tells the caller what to do instead ("to look up a barcode, use ..."). */
  static notFound(what: string, hint?: string): ApiError {
    return new ApiError('not_found', `${what} was not found${hint ? `: ${hint}` : ''}`);
  }
}
