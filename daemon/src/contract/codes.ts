/**
 * Response codes on the wire. The numbers are Qinglong's, so existing clients that test `code === 200`
 * (or 410/420/430 during sign-in) keep working; Baihu adds a proper HTTP status beside them.
 */
export const ResponseCode = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  tooManyRequests: 429,
  loginLocked: 410,
  twoFactorRequired: 420,
  twoFactorInvalid: 430,
  alreadyInitialized: 450,
  serverError: 500,
} as const;
export type ResponseCode = (typeof ResponseCode)[keyof typeof ResponseCode];

/** The HTTP status that goes with each code. 420 is a step of sign-in, not a failure. */
export const httpStatusOf: Record<ResponseCode, number> = {
  200: 200,
  400: 400,
  401: 401,
  403: 403,
  404: 404,
  409: 409,
  413: 413,
  415: 415,
  429: 429,
  410: 429,
  420: 200,
  430: 400,
  450: 409,
  500: 500,
};

/** Every reply has this shape: `{code: 200, data}` on success, `{code, message, error}` otherwise. */
export interface ApiSuccess<T> {
  code: 200;
  data: T;
}
export interface FieldError {
  field: string;
  message: string;
}
export interface ApiFailure {
  code: ResponseCode;
  /** Human text in the caller's language. */
  message: string;
  /** Stable key of the error (see contract/errors.ts); the UI may use it to pick a translation. */
  error: string;
  /** Extra payload, e.g. seconds to wait for 410. */
  data?: unknown;
  /** Per-field messages for validation failures. */
  errors?: FieldError[];
}
export type ApiReply<T> = ApiSuccess<T> | ApiFailure;
