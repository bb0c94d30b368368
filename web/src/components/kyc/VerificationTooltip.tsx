/**
 * The verification tooltip (spec §2, §9): the required fields still missing, the first 6 at once and the rest
 * behind Show More (Show Less folds them again), in a scroll area at most 220 px high; when nothing is
 * missing, the KYC status in its colour. It opens like every tooltip here: hover (and focus) on screens wider
 * than 768 px, a tap otherwise; it holds a button, so it is a disclosure rather than a role="tooltip".
 */
import { verificationTooltip } from "@landunits/core/kyc/KycLifecycle.ts"
import type { KycInfo } from "@landunits/core/kyc/KycModel.ts"
import { VERIFICATION_TOOLTIP_MAX_HEIGHT_PX } from "@landunits/core/shared/Constants.ts"
import type { UserType } from "@landunits/core/shared/EnumValues.ts"
import { type FocusEvent, useId, useRef, useState } from "react"
import { KycStatusBadge } from "../shared/StatusBadge.tsx"
import { useWide } from "../shared/Tooltip.tsx"

/** The list the tooltip shows, without the hover/tap behaviour. */
export function VerificationDetails({
  kycInfo,
  userType,
}: {
  readonly kycInfo: KycInfo
  readonly userType: UserType
}) {
  const [expanded, setExpanded] = useState(false)
  const view = verificationTooltip(kycInfo, userType)
  if (view._tag === "Status") {
    return (
      <p style={{ margin: 0 }}>
        Nothing required is missing. Status: <KycStatusBadge status={view.status} />
      </p>
    )
  }
  const shown = expanded ? [...view.visible, ...view.more] : view.visible
  return (
    <>
      <p style={{ margin: 0, fontWeight: 700 }}>Still missing:</p>
      <div
        className="verification__scroll"
        style={{ maxHeight: VERIFICATION_TOOLTIP_MAX_HEIGHT_PX }}
        data-testid="verification-missing"
      >
        <ul>
          {shown.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      </div>
      {view.more.length > 0 ? (
        <button
          type="button"
          className="link"
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? "Show Less" : "Show More"}
        </button>
      ) : null}
    </>
  )
}

export function VerificationTooltip({
  kycInfo,
  userType,
}: {
  readonly kycInfo: KycInfo
  readonly userType: UserType
}) {
  const wide = useWide()
  const [open, setOpen] = useState(false)
  const id = useId()
  const box = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  // Escape gives focus back to the trigger, which must not open the tooltip again.
  const refocusing = useRef(false)
  // Focus moving inside the bubble (Show More) keeps it open; leaving the whole tooltip closes it.
  const onBlur = (e: FocusEvent) => {
    if (!box.current?.contains(e.relatedTarget as Node | null)) setOpen(false)
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover is a pointer nicety; keyboard users open it by focusing the button
    <div
      ref={box}
      className="verification"
      onMouseEnter={wide ? () => setOpen(true) : undefined}
      onMouseLeave={wide ? () => setOpen(false) : undefined}
      onBlur={onBlur}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          setOpen(false)
          refocusing.current = true
          trigger.current?.focus()
          refocusing.current = false
        }
      }}
    >
      <button
        ref={trigger}
        type="button"
        className="tooltip__trigger"
        aria-label="Verification details"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={wide ? undefined : () => setOpen((o) => !o)}
        onFocus={wide ? () => refocusing.current || setOpen(true) : undefined}
      >
        ?
      </button>
      {open ? (
        <div className="verification__bubble" id={id}>
          <VerificationDetails kycInfo={kycInfo} userType={userType} />
        </div>
      ) : null}
    </div>
  )
}
