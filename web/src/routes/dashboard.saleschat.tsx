/**
 * /dashboard/saleschat (spec §2): the member's message thread with the sales team. Admins answer through the CLI
 * (`landunits saleschat reply`); the page looks for answers while it is open (salesChatMachine).
 */
import { formatDateTimeZoned } from "@landunits/core/format/Format.ts"
import { SalesMessageInput } from "@landunits/core/saleschat/SalesChatModel.ts"
import { createFileRoute } from "@tanstack/react-router"
import { useMachine } from "@xstate/react"
import { useEffect, useRef } from "react"
import { fromPromise } from "xstate"
import { communityApi } from "../api/community.ts"
import { CommunityNav } from "../components/community/CommunityNav.tsx"
import { Loading, PageHead } from "../components/layout/Page.tsx"
import { Field, FormError } from "../components/shared/Field.tsx"
import { useSchemaForm } from "../forms/useSchemaForm.ts"
import { pageHead } from "../lib/pageHead.ts"
import { salesChatMachine } from "../machines/salesChatMachine.ts"

const machine = salesChatMachine.provide({
  actors: {
    thread: fromPromise(() => communityApi.salesThread()),
    send: fromPromise(({ input }) => communityApi.postSalesMessage(input)),
  },
})

function SalesChat() {
  const [state, send] = useMachine(machine)
  const { thread, error, sent } = state.context
  const form = useSchemaForm(SalesMessageInput, { text: "" }, (v) =>
    send({ type: "chat.send", text: v.text }),
  )
  const list = useRef<HTMLOListElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: clear the form once per message sent
  useEffect(() => {
    if (sent > 0) form.reset()
  }, [sent])
  const count = thread?.messages.length ?? 0
  useEffect(() => {
    if (count > 0) list.current?.scrollTo({ top: list.current.scrollHeight })
  }, [count])
  return (
    <>
      <PageHead
        eyebrow="Sales"
        title="Sales chat"
        lead="Questions about larger purchases, business accounts or payment? Write to our sales team here."
      />
      <div className="container section">
        <CommunityNav current="/dashboard/saleschat" />
        {state.matches("loading") ? <Loading /> : null}
        {state.matches("failed") ? (
          <div className="stack">
            <FormError message={`The conversation could not be loaded: ${error ?? ""}`} />
            <button type="button" className="btn btn--ghost" onClick={() => send({ type: "chat.retry" })}>
              Try again
            </button>
          </div>
        ) : null}
        {thread !== null ? (
          <div className="chat">
            <ol
              className="chat__thread"
              ref={list}
              aria-label="Conversation with the sales team"
              aria-live="polite"
            >
              {thread.messages.length === 0 ? (
                <li className="muted">
                  No message yet. The sales team answers on working days, usually within a day.
                </li>
              ) : (
                thread.messages.map((m) => (
                  <li key={m.messageId} className={`chat__msg chat__msg--${m.from}`}>
                    <span className="chat__who">
                      {m.from === "member" ? "You" : m.authorName} · {formatDateTimeZoned(m.at)}
                    </span>
                    {m.text}
                  </li>
                ))
              )}
            </ol>
            {thread.awaitingReply ? (
              <p className="muted" role="status">
                The sales team has your message and will answer here. We also email you when they do.
              </p>
            ) : null}
            <form className="form" noValidate onSubmit={form.onSubmit} aria-label="Write to the sales team">
              <Field label="Your message" multiline required idPrefix="chat" {...form.field("text")} />
              <FormError message={error} />
              <div className="cm-actions">
                <button type="submit" className="btn btn--primary" disabled={state.hasTag("busy")}>
                  Send message
                </button>
                <button
                  type="button"
                  className="btn btn--ghost"
                  onClick={() => send({ type: "chat.refresh" })}
                >
                  Check for answers
                </button>
              </div>
            </form>
          </div>
        ) : null}
      </div>
    </>
  )
}

export const Route = createFileRoute("/dashboard/saleschat")({
  head: () => pageHead("Sales chat"),
  component: SalesChat,
})
