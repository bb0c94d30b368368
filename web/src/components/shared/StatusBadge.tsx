import {
  type KycStatus,
  KycStatusColour,
  type OrderStatus,
  OrderStatusColour,
} from "@landunits/core/shared/EnumValues.ts"
import { badgeText } from "../../lib/badge.ts"
import "../../styles/home.css"

/** An order status in its spec colour (§4). */
export function OrderStatusBadge({ status }: { readonly status: OrderStatus }) {
  const background = OrderStatusColour[status]
  return (
    <span className="badge" data-status={status} style={{ background, color: badgeText(background) }}>
      {status}
    </span>
  )
}

/** A KYC status in its colour class: warning for the first three, success for Verified, danger for Not Approved. */
export function KycStatusBadge({ status }: { readonly status: KycStatus }) {
  return (
    <span className={`badge badge--${KycStatusColour[status]}`} data-status={status}>
      {status}
    </span>
  )
}
