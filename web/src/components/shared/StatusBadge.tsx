import { kycStatusLabel, orderStatusLabel } from "@landunits/core/format/Labels.ts"
import {
  type KycStatus,
  KycStatusColour,
  type OrderStatus,
  OrderStatusColour,
  type OrderType,
} from "@landunits/core/shared/EnumValues.ts"
import { badgeText } from "../../lib/badge.ts"

/** An order status in words (core's Labels.ts), in its spec colour (§4); the code stays in data-status. */
export function OrderStatusBadge({
  status,
  orderType,
}: {
  readonly status: OrderStatus
  readonly orderType?: OrderType
}) {
  const background = OrderStatusColour[status]
  return (
    <span className="badge" data-status={status} style={{ background, color: badgeText(background) }}>
      {orderStatusLabel(status, orderType)}
    </span>
  )
}

/** A KYC status in words, in its colour class: warning for the first three, success for Verified, danger for Not Approved. */
export function KycStatusBadge({ status }: { readonly status: KycStatus }) {
  return (
    <span className={`badge badge--${KycStatusColour[status]}`} data-status={status}>
      {kycStatusLabel(status)}
    </span>
  )
}
