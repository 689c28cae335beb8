/**
 * An error that knows its HTTP meaning and renders in WordPress's REST error shape:
 * `{"code","message","data":{"status",...}}`. `data` holds any extra keys (params, details, ...)
 * in the order WordPress emits them. It is WordPress's WP_Error as a REST callback returns it,
 * so the storage rules in wp/ throw it too; http/ renders it.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly data: Record<string, unknown>;

  constructor(status: number, code: string, message: string, data: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.data = data;
  }

  toBody(): { code: string; message: string; data: Record<string, unknown> } {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.data } };
  }
}
