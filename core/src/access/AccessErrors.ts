import { Schema } from "effect"

/** The actor may not do this (not the owner, not an admin, not an agent, not the asker). HTTP 403. */
export class Forbidden extends Schema.TaggedError<Forbidden>()(
  "Forbidden",
  { message: Schema.String },
  { httpApiStatus: 403 },
) {}
