import { Schema } from "effect"

export class VoteNotFound extends Schema.TaggedError<VoteNotFound>()(
  "VoteNotFound",
  { message: Schema.String },
  { httpApiStatus: 404 },
) {}

export class InvalidVote extends Schema.TaggedError<InvalidVote>()(
  "InvalidVote",
  { message: Schema.String, problems: Schema.Array(Schema.String) },
  { httpApiStatus: 400 },
) {}

/** The vote has not opened yet. */
export class VoteNotOpen extends Schema.TaggedError<VoteNotOpen>()(
  "VoteNotOpen",
  { message: Schema.String },
  { httpApiStatus: 409 },
) {}

/** vote_closed: the vote no longer takes ballots or quiz answers. */
export class VoteClosed extends Schema.TaggedError<VoteClosed>()(
  "VoteClosed",
  { message: Schema.String },
  { httpApiStatus: 409 },
) {}

/** Results are published once the vote is closed (admins see them live). */
export class VoteStillOpen extends Schema.TaggedError<VoteStillOpen>()(
  "VoteStillOpen",
  { message: Schema.String },
  { httpApiStatus: 409 },
) {}

/** Only members who own at least one Unit vote. */
export class NotEligibleToVote extends Schema.TaggedError<NotEligibleToVote>()(
  "NotEligibleToVote",
  { message: Schema.String },
  { httpApiStatus: 403 },
) {}

/** all_right_answer_not_given: the ballot waits until every quiz answer is right. */
export class QuizNotPassed extends Schema.TaggedError<QuizNotPassed>()(
  "QuizNotPassed",
  { message: Schema.String },
  { httpApiStatus: 409 },
) {}

/** vote_submitted_already: one ballot per member. */
export class AlreadyVoted extends Schema.TaggedError<AlreadyVoted>()(
  "AlreadyVoted",
  { message: Schema.String },
  { httpApiStatus: 409 },
) {}
