const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value read from the address is a record id; anything else is ignored rather than sent. */
export const isId = (value: string | null): value is string => value !== null && UUID.test(value);
