const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id in a path or a multipart field: anything else is an unknown record, before any query. */
export const isUuid = (value: string | undefined): value is string => value !== undefined && UUID.test(value);
