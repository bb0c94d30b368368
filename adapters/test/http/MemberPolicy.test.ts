/**
 * Who may do what (issue 37) as a browser meets it over HTTP, on the real server: every request that moves Units,
 * money or data out, or changes how the account is protected, is refused with 403 SecondFactorRequired to a
 * member with an authenticator app whose step-up is over, and goes through after a step-up with a fresh code;
 * a member without a second factor gives the current password to set up a first factor or close the account
 * (403 PasswordRequired without it or with a wrong one). One list of requests, walked in a loop.
 */
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { PrivacyService } from "@landunits/core/privacy/PrivacyService.ts"
import { IdempotencyKey, OrderId } from "@landunits/core/shared/Ids.ts"
import { ADMIN } from "@landunits/core/test-support/OrderHarness.ts"
import { totpCode } from "@landunits/test-support/TotpCode.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { DEMO_PASSWORD, seedDemo } from "../../src/demo/DemoSeed.ts"
import { KYC_INFO_EXAMPLE } from "../../src/http/api/openapi/Examples.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { apiMembers } from "../support/ApiMembers.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { json, type makeClient, useTestServer } from "../support/TestServer.ts"

type Client = ReturnType<typeof makeClient>

interface Guarded {
  readonly name: string
  /** Sends the request; the same call again is the same request (an order keeps its Idempotency-Key). */
  readonly send: () => Promise<Response>
}

describe("who may do what over HTTP (issue 37)", () => {
  const server = useTestServer(
    Layer.mergeAll(serveHttp({ port: 0, development: false }), Layer.effectDiscard(seedDemo)).pipe(
      Layer.provideMerge(layerApp(pgliteTarget().layer)),
    ),
  )
  const members = apiMembers(server)
  const sql = <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) =>
    server.run(Effect.flatMap(SqlClient.SqlClient, f) as Effect.Effect<A, never, SqlClient.SqlClient>)

  /** Sets up an authenticator app for the signed-in client (a first factor: the password goes with it). */
  const setUpTotp = async (client: Client, password: string) => {
    const begin = await client.post("/api/user/second-factor/totp/begin", { currentPassword: password })
    expect(begin.status).toBe(200)
    const { secret } = await json(begin)
    const confirm = await client.post("/api/user/second-factor/totp/confirm", { code: totpCode(secret) })
    expect(confirm.status).toBe(200)
    return secret as string
  }

  /** Gives the app's next code (the one of setup is spent) on this client's session. */
  const stepUp = async (client: Client, secret: string) => {
    const answer = await client.post("/api/user/second-factor/step-up", {
      code: totpCode(secret, Date.now() + 30_000),
    })
    expect(answer.status).toBe(200)
  }

  const order = (client: Client, key: string, body: object): Guarded["send"] => {
    return () => client.post("/api/order/create_order", body, { headers: { "idempotency-key": key } })
  }

  it("refuses transfer, sell, convert, the data export, closure, password and bank details with 403 SecondFactorRequired once the step-up is over, and lets each through after a step-up", async () => {
    // The demo member (KYC verified) with 200 Units and an authenticator app.
    const trader = await members.signedIn()
    const bought = await trader.post(
      "/api/order/create_order",
      {
        orderType: "BUY",
        confirmsBusinessPurpose: true,
        currencyUnit: { unitType: "LAND_USD", numberOfUnits: 200 },
        paymentDetails: { paymentMethod: "bank" },
      },
      { headers: { "idempotency-key": "policy-buy-1" } },
    )
    expect(bought.status).toBe(200)
    const boughtId = OrderId.make((await json(bought)).orderCreatedData.orderId)
    await server.run(
      Effect.flatMap(OrderService, (orders) =>
        orders.confirmPayment({
          orderId: boughtId,
          actor: ADMIN,
          idempotencyKey: IdempotencyKey.make("policy-buy-confirm"),
        }),
      ),
    )
    await members.newMember("policy-recipient@example.com")
    const traderSecret = await setUpTotp(trader, DEMO_PASSWORD)
    // An export ready to download, asked for while the setup's factor is fresh.
    const asked = await trader.post("/api/user/data-exports")
    expect(asked.status).toBe(200)
    const exportId = (await json(asked)).export.exportId as string
    await server.run(Effect.flatMap(PrivacyService, (privacy) => privacy.buildNext))

    // A member with nothing held (so the closure can go through) and an app of their own.
    const leaver = await members.newMember("policy-leaver@example.com")
    const leaverSecret = await setUpTotp(leaver, "secret9")
    const profileWithBank = () => {
      const form = new FormData()
      form.set("firstName", "Lee")
      form.set(
        "kycInfo",
        JSON.stringify({
          ...KYC_INFO_EXAMPLE,
          bankDetails: {
            bankAccountName: "Lee Leaver",
            bankAccountNumber: "12345678",
            sortCode: "202015",
            swiftBic: "BUKBGB22",
            bankName: "Example Bank",
            bankAddress: "1 Bank Street, London",
            bankCountry: "United Kingdom",
          },
        }),
      )
      return leaver.post("/api/user/update_profile", form)
    }

    const guarded: ReadonlyArray<Guarded> = [
      {
        name: "transfer",
        send: order(trader, "policy-transfer-1", {
          orderType: "TRANSFER",
          currencyUnit: { unitType: "LAND_USD", numberOfUnits: 20 },
          recipientEmail: "policy-recipient@example.com",
        }),
      },
      {
        name: "sell",
        send: order(trader, "policy-sell-1", {
          orderType: "SELL",
          currencyUnit: { unitType: "LAND_USD", numberOfUnits: 25 },
        }),
      },
      {
        name: "convert",
        send: order(trader, "policy-convert-1", {
          orderType: "CONVERT",
          currencyUnit: { unitType: "LAND_USD", numberOfUnits: 30 },
          convert: { unitType: "LAND_EUR" },
        }),
      },
      { name: "data export: ask", send: () => trader.post("/api/user/data-exports") },
      {
        name: "data export: download",
        send: () => trader.get(`/api/user/data-exports/${exportId}/download`),
      },
      {
        name: "password change",
        send: () =>
          trader.post("/api/user/update_user_password", {
            currentPassword: DEMO_PASSWORD,
            newPassword: "Better2026",
            confirmNewPassword: "Better2026",
          }),
      },
      { name: "bank details", send: profileWithBank },
      {
        name: "account closure",
        send: () => leaver.post("/api/user/close-account", { confirmEmail: "policy-leaver@example.com" }),
      },
    ]

    // Both steps-up over (as if STEP_UP_SECONDS had passed since the setup).
    await sql((s) => s`UPDATE sessions SET second_factor_at = 0`)
    for (const request of guarded) {
      const refused = await request.send()
      expect(refused.status, request.name).toBe(403)
      expect((await json(refused))._tag, request.name).toBe("SecondFactorRequired")
    }

    await stepUp(trader, traderSecret)
    await stepUp(leaver, leaverSecret)
    for (const request of guarded) {
      const done = await request.send()
      expect(done.status, `${request.name}: ${done.status === 200 ? "" : await done.text()}`).toBe(200)
    }
    // The password changed (its other sessions ended), this one lives; the closed account's is gone.
    expect((await trader.get("/api/user")).status).toBe(200)
    expect((await leaver.get("/api/user")).status).toBe(401)
  })

  it("asks a member without a second factor for the current password to set up a first factor or close the account: 403 PasswordRequired without it or with a wrong one", async () => {
    const email = "policy-no-factor@example.com"
    const client = await members.newMember(email, "secret9")
    const options = await client.post("/api/user/second-factor/passkeys/options")
    expect(options.status).toBe(200)
    // A browser's answer is made by an authenticator; this one is not, so the registration itself is refused
    // after the password passes (401 SecondFactorInvalid), and the passkey's guard is what is proven here.
    const forgedAnswer = {
      id: "cred-1",
      rawId: "cred-1",
      type: "public-key",
      response: { clientDataJSON: "e30", attestationObject: "oA" },
      clientExtensionResults: {},
    }
    const withPassword: ReadonlyArray<{
      readonly name: string
      readonly send: (proof: { currentPassword?: string }) => Promise<Response>
      readonly passed: (answer: Response) => Promise<void>
    }> = [
      {
        name: "begin an authenticator app's setup",
        send: (proof) => client.post("/api/user/second-factor/totp/begin", proof),
        passed: async (answer) => {
          expect(answer.status).toBe(200)
          expect((await json(answer)).uri).toMatch(/^otpauth:/)
        },
      },
      {
        name: "register a passkey",
        send: (proof) =>
          client.post("/api/user/second-factor/passkeys", { response: forgedAnswer, ...proof }),
        passed: async (answer) => {
          expect(answer.status).toBe(401)
          expect((await json(answer))._tag).toBe("SecondFactorInvalid")
        },
      },
      {
        name: "close the account",
        send: (proof) => client.post("/api/user/close-account", { confirmEmail: email, ...proof }),
        passed: async (answer) => {
          expect(answer.status).toBe(200)
          expect((await client.get("/api/user")).status).toBe(401)
        },
      },
    ]
    for (const request of withPassword) {
      for (const proof of [{}, { currentPassword: "" }, { currentPassword: "wrong-password" }]) {
        const refused = await request.send(proof)
        expect(refused.status, `${request.name} ${JSON.stringify(proof)}`).toBe(403)
        expect((await json(refused))._tag, request.name).toBe("PasswordRequired")
      }
      await request.passed(await request.send({ currentPassword: "secret9" }))
    }
  })

  it("slows wrong current passwords with 429 and a true Retry-After after 5 of them; the right one after the wait passes", async () => {
    const email = "policy-guesser@example.com"
    const client = await members.newMember(email, "secret9")
    const begin = (currentPassword: string) =>
      client.post("/api/user/second-factor/totp/begin", { currentPassword })
    for (let i = 0; i < 5; i++) expect((await begin(`guess-${i}`)).status).toBe(403)
    const slowed = await begin("guess-5")
    expect(slowed.status).toBe(429)
    expect(slowed.headers.get("retry-after")).toBe("1")
    expect((await json(slowed)).message).toMatch(/Too many wrong passwords/)
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    expect((await begin("secret9")).status).toBe(200)
  })
})
