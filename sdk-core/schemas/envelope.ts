/**
 * Wire envelopes of docs/reference/wire-protocol.md#error-bodies: the success wrapper, the API error body and the schema error body.
 * Browser-safe: no Node imports.
 */

/** Fields the server adds to every success payload. */
export interface ResponseMeta {
  request_id: string;
  status_code: number;
}

/** Success answer: `{"data": {...payload, request_id, status_code}}`. */
export interface DataEnvelope<T> {
  data: T & ResponseMeta;
}

/** One schema violation as the client expects it (docs/reference/wire-protocol.md#error-bodies: `[{dataPath, message}]`). */
export interface SchemaErrorItem {
  dataPath: string;
  message: string;
}

/** Top-level body of every non-2xx JSON answer. */
export interface APIErrorBody {
  status_code: number;
  request_id: string;
  error_type: string;
  error_message: string;
  error_url: string;
  error_details?: Record<string, unknown>;
}

/** A schema error: an API error that also carries the `body` key the client detects schema errors by. */
export interface SchemaErrorBody extends APIErrorBody {
  body: SchemaErrorItem[];
}
