/**
 * The payment pages of a buy (spec §2: payment-bank, payment-crypto, payment-card-stripe, payment-card-square,
 * each with ?orderId). One component runs the buy machine from the order's status: it starts the payment with
 * the order's method, shows what to do, and goes to the success or cancelled page when the flow ends there.
 *
 * Card pages use the provider's own form when its keys are configured (loaded only on these pages), and the
 * built-in test-mode provider otherwise, labelled "Test mode" with the documented test cards.
 *
 * A step that changes the page in place moves focus to what it shows (lib/useFocusOnShow.ts), once the page has
 * settled into its first state: the coin's instructions after choosing it, a refusal, the failed payment's
 * message, the instructions after "Try again". Success and cancel go to their own pages (the root layout's).
 */
import { formatDateTimeZoned, formatMoney } from "@landunits/core/format/Format.ts"
import { PAYMENT_METHOD_LABELS } from "@landunits/core/format/Labels.ts"
import { COIN_NAMES, COIN_SYMBOLS, coinRefusal, offeredCoins } from "@landunits/core/orders/CryptoOffers.ts"
import { CryptoPaymentForm } from "@landunits/core/orders/OrderForms.ts"
import type { PaymentInstructions } from "@landunits/core/orders/PaymentInstructions.ts"
import { CRYPTO_QUOTE_VALIDITY_MS } from "@landunits/core/shared/Constants.ts"
import {
  type CryptoCoin,
  CryptoCoins,
  type CurrencyType,
  type PaymentMethod,
} from "@landunits/core/shared/EnumValues.ts"
import { Link, useNavigate } from "@tanstack/react-router"
import { useMachine } from "@xstate/react"
import { QRCodeSVG } from "qrcode.react"
import { lazy, type RefCallback, Suspense, useCallback, useEffect, useRef, useState } from "react"
import { fromPromise } from "xstate"
import type { PaymentSettings } from "../../api/orders.ts"
import { useSchemaForm } from "../../forms/useSchemaForm.ts"
import { useFocusOnShow } from "../../lib/useFocusOnShow.ts"
import { liveBuyActors, payWithTestCard } from "../../machines/buyActors.ts"
import { buyMachine, paymentRoute } from "../../machines/buyMachine.ts"
import { PageHead } from "../layout/Page.tsx"
import { Field, FormError } from "../shared/Field.tsx"
import { CopyButton } from "./CopyButton.tsx"
import { Summary } from "./OrderParts.tsx"
import type { PayWithCard } from "./PayWithCard.ts"
import { TestCardForm } from "./TestCardForm.tsx"

const StripeCardForm = lazy(() => import("./StripeCardForm.tsx"))
const SquareCardForm = lazy(() => import("./SquareCardForm.tsx"))

const TITLES: Readonly<Record<PaymentMethod, string>> = {
  bank: "Pay by bank transfer",
  crypto: "Pay with crypto",
  "card-stripe": "Pay by card",
  "card-square": "Pay by card",
  None: "Payment",
}

export function PaymentPage({
  method,
  orderId,
}: {
  readonly method: PaymentMethod
  readonly orderId: string
}) {
  const navigate = useNavigate()
  const payWithCard = useRef<PayWithCard | null>(null)
  const [state, send] = useMachine(
    buyMachine.provide({
      actors: {
        ...liveBuyActors,
        payCard: fromPromise(async ({ input }) => (payWithCard.current ?? payWithTestCard)(input)),
      },
    }),
    { input: { orderId: orderId === "" ? undefined : orderId } },
  )
  const { intent, settings, instructions, error, declineReason } = state.context

  useEffect(() => {
    if (state.matches("succeeded")) {
      void navigate({ to: "/dashboard/buy-units/payment/success", search: { orderId }, replace: true })
    } else if (state.matches("cancelled")) {
      void navigate({ to: "/dashboard/buy-units/cancelled", search: { orderId }, replace: true })
    } else if (intent !== null && intent.paymentMethod !== method && intent.paymentMethod !== "None") {
      // The order is paid another way: its own page.
      void navigate({ to: paymentRoute(intent.paymentMethod), search: { orderId }, replace: true } as never)
    }
  }, [state, intent, method, orderId, navigate])

  const cardMode =
    settings === null ? undefined : method === "card-square" ? settings.square.mode : settings.stripe.mode
  const cryptoTestMode =
    (instructions?._tag === "CryptoPayment" && instructions.testMode === true) ||
    (instructions === null &&
      settings !== null &&
      intent !== null &&
      offeredCoins(settings.crypto, intent.currency).some((c) => settings.crypto[c].mode === "test"))
  const isCard = method === "card-stripe" || method === "card-square"
  const busy = state.hasTag("busy")
  // What renders while the page loads its first state belongs to the page, not to a step. A message that appears
  // after it (a declined card, a refusal) takes focus, which reads it, and is brought to the middle of the screen
  // once laid out, so a member on a phone sees it where they pressed Pay.
  const focus = useFocusOnShow(!busy)
  const focusOnShow = useCallback(
    (node: HTMLElement | null) => {
      focus(node)
      if (node !== null && document.activeElement === node)
        requestAnimationFrame(() => node.scrollIntoView?.({ block: "center" }))
    },
    [focus],
  )
  const canCancel = state.matches("awaitingPayment") || state.matches("choosingCoin")

  return (
    <>
      <PageHead
        eyebrow="Buy Units"
        title={TITLES[method]}
        lead={isCard ? PAYMENT_METHOD_LABELS[method] : undefined}
      />
      <div className="container section stack payment-page">
        {isCard && cardMode === "test" ? (
          <p className="test-mode-banner" role="note">
            <strong>Test mode</strong> — no card provider is configured on this server, so this payment runs
            against the built-in test provider. Nothing is charged.
          </p>
        ) : null}
        {method === "crypto" && cryptoTestMode ? (
          <p className="test-mode-banner" role="note">
            <strong>Test mode</strong> — no receiving address is configured on this server, so the coins go to
            an example address on a test network and the coin prices are demo prices. Send nothing real: give
            any transaction hash, and an administrator confirms the order as for a real payment.
          </p>
        ) : null}
        {orderId === "" ? (
          <p className="form-error" role="alert">
            This page needs an order: start from{" "}
            <Link to="/dashboard/transaction" search={{ tab: "buy" }}>
              Buy Units
            </Link>
            .
          </p>
        ) : null}
        {state.matches("loading") || state.matches("starting") ? (
          <p className="loading" role="status">
            Preparing your payment…
          </p>
        ) : null}
        {state.matches("unavailable") ? (
          <div className="stack">
            <p className="form-error" ref={focusOnShow} tabIndex={-1}>
              {error}
            </p>
            <div className="payment-actions">
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => send({ type: "payment.retry" })}
              >
                Try again
              </button>
              <Link className="btn btn--ghost" to="/dashboard/transaction" search={{ tab: "buy" }}>
                Back to Buy Units
              </Link>
            </div>
          </div>
        ) : null}
        {intent !== null ? (
          <Summary
            title="Your order"
            rows={[
              ["Order", <code key="id">{intent.orderId}</code>],
              ...(intent.expiresAt === undefined
                ? []
                : ([["Pay before", formatDateTimeZoned(intent.expiresAt)]] as const)),
              ["Amount to pay", formatMoney(intent.paymentAmount, intent.currency), "total"],
            ]}
          />
        ) : null}

        {state.matches("choosingCoin") && settings !== null && intent !== null ? (
          <CoinChoice
            settings={settings}
            currency={intent.currency}
            onChoose={(coin) => send({ type: "payment.chooseCoin", coin })}
            error={error}
            focusOnShow={focusOnShow}
          />
        ) : null}

        {instructions !== null && (state.matches("awaitingPayment") || busy) && !state.matches("loading") ? (
          <>
            {instructions._tag === "BankPayment" ? (
              <BankInstructions
                instructions={instructions}
                busy={busy}
                error={error}
                onSent={() => send({ type: "payment.markSent" })}
                focusOnShow={focusOnShow}
              />
            ) : null}
            {instructions._tag === "CryptoPayment" ? (
              <CryptoInstructions
                instructions={instructions}
                busy={busy}
                error={error}
                onHash={(transactionHash) => send({ type: "payment.submitHash", transactionHash })}
                onRequote={() => send({ type: "payment.requote" })}
                onChangeCoin={() => send({ type: "payment.changeCoin" })}
                focusOnShow={focusOnShow}
              />
            ) : null}
            {instructions._tag === "CardPayment" && settings !== null ? (
              cardMode === "live" ? (
                <Suspense fallback={<p className="loading">Loading the card form…</p>}>
                  {method === "card-square" ? (
                    <SquareCardForm
                      settings={settings}
                      busy={busy}
                      error={error}
                      register={(pay) => {
                        payWithCard.current = pay
                      }}
                      onPay={() => send({ type: "payment.payCard", card: "" })}
                      focusOnShow={focusOnShow}
                    />
                  ) : (
                    <StripeCardForm
                      settings={settings}
                      instructions={instructions}
                      busy={busy}
                      error={error}
                      register={(pay) => {
                        payWithCard.current = pay
                      }}
                      onPay={() => send({ type: "payment.payCard", card: "" })}
                      focusOnShow={focusOnShow}
                    />
                  )}
                </Suspense>
              ) : (
                <TestCardForm
                  settings={settings}
                  busy={busy}
                  waiting={state.matches("waitingForProvider")}
                  error={error}
                  onPay={(card) => send({ type: "payment.payCard", card })}
                  focusOnShow={focusOnShow}
                />
              )
            ) : null}
          </>
        ) : null}

        {state.matches("failed") ? (
          <div className="stack">
            <p className="form-error" ref={focusOnShow} tabIndex={-1}>
              {intent?.orderStatus === "Expired"
                ? "This order expired before it was paid; its Units were released."
                : (declineReason ?? "This order was not paid; its Units were released.")}
            </p>
            <p>
              <Link className="btn btn--primary" to="/dashboard/transaction" search={{ tab: "buy" }}>
                Start a new order
              </Link>
            </p>
          </div>
        ) : null}

        {canCancel ? (
          <p className="payment-cancel">
            <button
              type="button"
              className="btn btn--ghost btn--small"
              disabled={busy}
              onClick={() => send({ type: "payment.cancel" })}
            >
              Cancel this order
            </button>
          </p>
        ) : null}
      </div>
    </>
  )
}

function CoinChoice({
  settings,
  currency,
  onChoose,
  error,
  focusOnShow,
}: {
  readonly settings: PaymentSettings
  readonly currency: CurrencyType
  readonly onChoose: (coin: CryptoCoin) => void
  readonly error: string | null
  readonly focusOnShow: RefCallback<HTMLElement>
}) {
  const refusals = CryptoCoins.map((coin) => coinRefusal(coin, settings.crypto[coin], currency)).filter(
    (r): r is string => r !== undefined,
  )
  return (
    <section className="payment-box" aria-labelledby="coin-title">
      {/* Back to the choice after a refused coin: its message takes focus, not the heading. */}
      <h2 id="coin-title" ref={error === null ? focusOnShow : undefined} tabIndex={-1}>
        Choose a coin
      </h2>
      <p>
        The amount in coin is computed from the coin's price when you choose, and holds for{" "}
        {CRYPTO_QUOTE_VALIDITY_MS / 60_000} minutes.
      </p>
      <div className="payment-actions">
        {CryptoCoins.map((coin) => (
          <button
            key={coin}
            type="button"
            className="btn btn--primary"
            disabled={coinRefusal(coin, settings.crypto[coin], currency) !== undefined}
            onClick={() => onChoose(coin)}
          >
            Pay with {COIN_NAMES[coin]}
          </button>
        ))}
      </div>
      {refusals.length > 0 ? <p className="muted">{refusals.join(" ")}</p> : null}
      <FormError message={error} focusOnShow={focusOnShow} />
    </section>
  )
}

function BankInstructions({
  instructions,
  busy,
  error,
  onSent,
  focusOnShow,
}: {
  readonly instructions: Extract<PaymentInstructions, { _tag: "BankPayment" }>
  readonly busy: boolean
  readonly error: string | null
  readonly onSent: () => void
  readonly focusOnShow: RefCallback<HTMLElement>
}) {
  const d = instructions.bankDetails
  return (
    <section className="payment-box" aria-labelledby="bank-title">
      <h2 id="bank-title" ref={focusOnShow} tabIndex={-1}>
        Transfer to our bank account
      </h2>
      <dl className="payment-details">
        <div>
          <dt>Amount</dt>
          <dd>{formatMoney(instructions.paymentAmount, instructions.currency)}</dd>
        </div>
        <div>
          <dt>Payment reference</dt>
          <dd>
            <strong className="payment-reference">{instructions.reference}</strong>
          </dd>
        </div>
        <div>
          <dt>Account name</dt>
          <dd>{d.bankAccountName}</dd>
        </div>
        <div>
          <dt>Account number</dt>
          <dd>{d.bankAccountNumber}</dd>
        </div>
        <div>
          <dt>IBAN</dt>
          <dd>{d.iban}</dd>
        </div>
        <div>
          <dt>SWIFT/BIC</dt>
          <dd>{d.swiftBic}</dd>
        </div>
        <div>
          <dt>Bank</dt>
          <dd>{d.bankName}</dd>
        </div>
        <div>
          <dt>Bank address</dt>
          <dd>{d.bankAddress}</dd>
        </div>
        <div>
          <dt>Bank country</dt>
          <dd>{d.bankCountry}</dd>
        </div>
      </dl>
      <p>
        Put the payment reference on your transfer so that we can match it to this order. Your Units move from
        Pending to Owned once the funds register, within 24 hours on a weekday.
      </p>
      <FormError message={error} focusOnShow={focusOnShow} />
      <button type="button" className="btn btn--primary" disabled={busy} onClick={onSent}>
        {busy ? "Sending…" : "I have made the transfer"}
      </button>
    </section>
  )
}

function CryptoInstructions({
  instructions,
  busy,
  error,
  onHash,
  onRequote,
  onChangeCoin,
  focusOnShow,
}: {
  readonly instructions: Extract<PaymentInstructions, { _tag: "CryptoPayment" }>
  readonly busy: boolean
  readonly error: string | null
  readonly onHash: (hash: string) => void
  readonly onRequote: () => void
  readonly onChangeCoin: () => void
  readonly focusOnShow: RefCallback<HTMLElement>
}) {
  const form = useSchemaForm(CryptoPaymentForm, { transactionHash: "" }, (v) => onHash(v.transactionHash))
  const symbol = COIN_SYMBOLS[instructions.coin]
  const until = instructions.quoteExpiresAt
  const expired = useExpired(until)
  return (
    <section className="payment-box" aria-labelledby="crypto-title">
      <h2 id="crypto-title" ref={focusOnShow} tabIndex={-1}>
        Send {COIN_NAMES[instructions.coin]} ({symbol})
        {instructions.testMode === true ? <span className="test-mode-badge">Test mode</span> : null}
      </h2>
      <div className="crypto-pay">
        <figure className="crypto-qr">
          <QRCodeSVG
            value={paymentUri(instructions)}
            size={176}
            marginSize={2}
            title={`QR code: ${instructions.coinAmount} ${symbol} to ${instructions.address}`}
            role="img"
          />
          <figcaption className="muted small">Scan with your wallet: the address and the amount.</figcaption>
        </figure>
        <dl className="payment-details crypto-details">
          <div>
            <dt>Amount</dt>
            <dd className="copyable">
              <strong className="crypto-amount">
                {instructions.coinAmount} {symbol}
              </strong>
              <span className="muted">
                {" "}
                ({formatMoney(instructions.paymentAmount, instructions.currency)})
              </span>
              <CopyButton value={instructions.coinAmount} label={`amount in ${symbol}`} />
            </dd>
          </div>
          <div>
            <dt>Receiving address</dt>
            <dd className="copyable">
              <code className="payment-address">{instructions.address}</code>
              <CopyButton value={instructions.address} label="receiving address" />
            </dd>
          </div>
          {instructions.coinPriceCents === undefined ? null : (
            <div>
              <dt>Price used</dt>
              <dd>
                {formatMoney(instructions.coinPriceCents, instructions.currency)} per {symbol}
              </dd>
            </div>
          )}
          {until === undefined ? null : (
            <div>
              <dt>{expired ? "Quote expired" : "Quote holds until"}</dt>
              <dd className="crypto-quote-until">{formatDateTimeZoned(until)}</dd>
            </div>
          )}
        </dl>
      </div>
      {expired ? (
        <div className="stack">
          <p className="order-warning" role="status">
            This amount held until {formatDateTimeZoned(until!)}. Coin prices move: get a new amount before
            you send anything.
          </p>
          <p className="payment-actions">
            <button type="button" className="btn btn--primary" disabled={busy} onClick={onRequote}>
              Get a new amount
            </button>
          </p>
        </div>
      ) : (
        <>
          <p>
            Send exactly this amount to this address. A payment that arrives late, short or over is checked by
            hand before your Units move to Owned.
          </p>
          <form className="form" noValidate onSubmit={form.onSubmit} aria-label="Transaction hash">
            <Field
              label="Transaction hash"
              required
              idPrefix="crypto"
              hint="The id of your transaction on the blockchain."
              {...form.field("transactionHash")}
            />
            <FormError message={error} focusOnShow={focusOnShow} />
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? "Sending…" : "I have sent the coins"}
            </button>
          </form>
        </>
      )}
      <p className="payment-actions">
        <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={onChangeCoin}>
          Pay with another coin
        </button>
      </p>
    </section>
  )
}

/**
 * What the QR code holds: a payment link a wallet reads, with the address and the amount (BIP-21 for Bitcoin, in
 * BTC; EIP-681 for Ether, in wei, the amount's digits without its point).
 */
export const paymentUri = (q: Extract<PaymentInstructions, { _tag: "CryptoPayment" }>): string =>
  q.coin === "BITCOIN"
    ? `bitcoin:${q.address}?amount=${q.coinAmount}`
    : `ethereum:${q.address}?value=${BigInt(q.coinAmount.replace(".", "")).toString()}`

/** Whether `until` (epoch ms) has passed, checked again when it passes. */
function useExpired(until: number | undefined): boolean {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (until === undefined || now >= until) return
    const timer = setTimeout(() => setNow(Date.now()), Math.min(until - now + 50, 2_147_000_000))
    return () => clearTimeout(timer)
  }, [until, now])
  return until !== undefined && now >= until
}
