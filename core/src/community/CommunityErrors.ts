import { Schema } from "effect"

export class InvalidCommunityInput extends Schema.TaggedError<InvalidCommunityInput>()(
  "InvalidCommunityInput",
  { message: Schema.String },
  { httpApiStatus: 400 },
) {}

export class QuestionNotFound extends Schema.TaggedError<QuestionNotFound>()(
  "QuestionNotFound",
  { message: Schema.String },
  { httpApiStatus: 404 },
) {}

/** The question's status does not allow this (answering or closing a Closed question, reopening an Open one). */
export class QuestionStatusConflict extends Schema.TaggedError<QuestionStatusConflict>()(
  "QuestionStatusConflict",
  { message: Schema.String },
  { httpApiStatus: 409 },
) {}

export class AgentApplicationNotFound extends Schema.TaggedError<AgentApplicationNotFound>()(
  "AgentApplicationNotFound",
  { message: Schema.String },
  { httpApiStatus: 404 },
) {}

/** A member applies once while an application is pending, and not at all once an agent. */
export class AgentApplicationConflict extends Schema.TaggedError<AgentApplicationConflict>()(
  "AgentApplicationConflict",
  { message: Schema.String },
  { httpApiStatus: 409 },
) {}

export class IdeaNotFound extends Schema.TaggedError<IdeaNotFound>()(
  "IdeaNotFound",
  { message: Schema.String },
  { httpApiStatus: 404 },
) {}

/** Upvoting one's own idea, or the same idea twice. */
export class UpvoteRefused extends Schema.TaggedError<UpvoteRefused>()(
  "UpvoteRefused",
  { message: Schema.String },
  { httpApiStatus: 409 },
) {}
