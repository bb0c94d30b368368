/**
 * The sell review's queue estimate (issue 38): where a sale of N Units placed now would stand and when it may be
 * all sold, asked of the server (GET /order/sale_estimate: the queue and the last 30 days' buys are the server's)
 * when the review opens, and again when the reviewed sale changes. Nothing is asked while the form is edited.
 */
import type { SaleQueueStanding } from "@landunits/core/orders/SaleQueuePosition.ts"
import type { UnitType } from "@landunits/core/shared/EnumValues.ts"
import { useEffect, useState } from "react"
import { errorMessage } from "../../api/client.ts"
import { ordersApi } from "../../api/orders.ts"

export type SaleEstimate =
  | { readonly state: "looking" }
  | { readonly state: "found"; readonly standing: SaleQueueStanding }
  | { readonly state: "failed"; readonly message: string }

export const useSaleEstimate = (unitType: UnitType, numberOfUnits: number | undefined): SaleEstimate => {
  const [estimate, setEstimate] = useState<SaleEstimate>({ state: "looking" })
  useEffect(() => {
    if (numberOfUnits === undefined) return
    let current = true
    setEstimate({ state: "looking" })
    ordersApi.saleEstimate(unitType, numberOfUnits).then(
      ({ saleEstimate }) => {
        if (current) setEstimate({ state: "found", standing: saleEstimate })
      },
      (error: unknown) => {
        if (current) setEstimate({ state: "failed", message: errorMessage(error) })
      },
    )
    return () => {
      current = false
    }
  }, [unitType, numberOfUnits])
  return estimate
}
