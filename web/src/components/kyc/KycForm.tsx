/**
 * The KYC details form (spec §3 kycInfo, §5 Profile and KYC): address, contact, bank details, passport with
 * its file, business details for business members, an optional document and a note. Checked with core's
 * kycInfo schema and its exact messages. "Save as draft" leaves out a section left entirely blank (a member may
 * save some sections before the others); a section with anything in it is sent, and checked, whole. "Save and
 * send for review" checks every section whole and asks for the passport file (issue 38): what is missing shows on
 * its field, the first takes focus, and nothing is sent until nothing required is missing.
 * Files are checked in the browser by core's own upload rule (size, then content) before they are sent.
 */
import { formatNumber0 } from "@landunits/core/format/Format.ts"
import type { KycDocument, KycInfo } from "@landunits/core/kyc/KycModel.ts"
import { makeKycInfoSchema } from "@landunits/core/kyc/KycValidation.ts"
import { checkUpload, MAGIC_BYTES_LENGTH } from "@landunits/core/kyc/Upload.ts"
import { businessNameOf } from "@landunits/core/members/MemberName.ts"
import { UPLOAD_EXTENSIONS, UPLOAD_MIME_TYPES } from "@landunits/core/shared/Constants.ts"
import { allCountries } from "@landunits/core/shared/Countries.ts"
import type { UserType } from "@landunits/core/shared/EnumValues.ts"
import { type ChangeEvent, useMemo, useRef, useState } from "react"
import { type FormValues, useSchemaForm } from "../../forms/useSchemaForm.ts"
import { Field, FieldError, FormError } from "../shared/Field.tsx"

type SectionKey = "address" | "contactInfo" | "bankDetails" | "passport" | "businessInfo"

interface FieldSpec {
  readonly name: string
  readonly label: string
  readonly required?: boolean
  readonly type?: "text" | "date" | "tel"
  readonly autoComplete?: string
  readonly hint?: string
  /** Chosen from the country list (a searchable <datalist>); checked against it by core's schema. */
  readonly country?: boolean
}

interface SectionSpec {
  readonly key: SectionKey
  readonly legend: string
  readonly fields: ReadonlyArray<FieldSpec>
}

const COUNTRY_HINT = "Start typing and choose from the list"
/** The id of the one <datalist> of countries the country fields share. */
export const COUNTRY_LIST_ID = "kyc-countries"

/** The form's sections in the order of the required-field list (core's KycLifecycle). */
export const KYC_SECTIONS: ReadonlyArray<SectionSpec> = [
  {
    key: "address",
    legend: "Address",
    fields: [
      { name: "houseNumber", label: "House Number", required: true },
      { name: "streetAddress", label: "Street Address", required: true, autoComplete: "address-line1" },
      { name: "additionalAddress", label: "Additional Address", autoComplete: "address-line2" },
      { name: "townCity", label: "Town/City", required: true, autoComplete: "address-level2" },
      { name: "postcode", label: "Postcode", required: true, autoComplete: "postal-code" },
      {
        name: "country",
        label: "Country",
        required: true,
        autoComplete: "country-name",
        country: true,
        hint: COUNTRY_HINT,
      },
    ],
  },
  {
    key: "contactInfo",
    legend: "Contact",
    fields: [
      {
        name: "telephoneCountryCode",
        label: "Telephone Country Code",
        required: true,
        autoComplete: "tel-country-code",
        hint: "For example +44",
      },
      {
        name: "phoneNumber",
        label: "Phone Number",
        required: true,
        type: "tel",
        autoComplete: "tel-national",
        hint: "Digits, spaces are fine: for example 7700 900123",
      },
    ],
  },
  {
    key: "bankDetails",
    legend: "Bank details",
    fields: [
      { name: "bankAccountName", label: "Bank Account Name", required: true },
      {
        name: "bankAccountNumber",
        label: "Bank Account Number",
        required: true,
        hint: "Digits, spaces are fine",
      },
      {
        name: "sortCode",
        label: "Sort Code",
        hint: "UK accounts: 6 digits, for example 20-20-15 (needed when you give no IBAN)",
      },
      {
        name: "iban",
        label: "IBAN",
        hint: "As your bank writes it, spaces are fine: for example GB33 BUKB 2020 1555 5555 55",
      },
      {
        name: "swiftBic",
        label: "SWIFT/BIC",
        required: true,
        hint: "8 or 11 letters and digits: for example BUKBGB22",
      },
      { name: "bankName", label: "Bank Name", required: true },
      { name: "bankAddress", label: "Bank Address", required: true },
      { name: "bankCountry", label: "Bank Country", required: true, country: true, hint: COUNTRY_HINT },
    ],
  },
  {
    key: "passport",
    legend: "Passport",
    fields: [
      {
        name: "passportNumber",
        label: "Passport Number",
        required: true,
        hint: "Letters and digits, 6 to 20",
      },
      { name: "issuingCountry", label: "Issuing Country", required: true, country: true, hint: COUNTRY_HINT },
      { name: "startDate", label: "Start Date", required: true, type: "date" },
      { name: "expiryDate", label: "Expiry Date", required: true, type: "date" },
    ],
  },
  {
    key: "businessInfo",
    legend: "Business",
    fields: [
      { name: "businessName", label: "Business Name", required: true, autoComplete: "organization" },
      { name: "registrationNumber", label: "Registration Number", required: true },
      { name: "vatNumber", label: "VAT Number" },
    ],
  },
]

export const sectionsFor = (userType: UserType): ReadonlyArray<SectionSpec> =>
  KYC_SECTIONS.filter((s) => s.key !== "businessInfo" || userType === "BUSINESS")

/** The four upload slots: the multipart field name (spec §7) and where the stored document is in kycInfo. */
export const UPLOAD_SLOTS = [
  {
    field: "kycInfo.passport.passportFile",
    label: "Passport File",
    section: "passport",
    stored: (k: KycInfo) => k.passport?.passportFile,
  },
  {
    field: "kycInfo.businessInfo.registrationDocument",
    label: "Registration Document",
    section: "businessInfo",
    stored: (k: KycInfo) => k.businessInfo?.registrationDocument,
  },
  {
    field: "kycInfo.businessInfo.optionalDocument",
    label: "Business Optional Document",
    section: "businessInfo",
    stored: (k: KycInfo) => k.businessInfo?.optionalDocument,
  },
  {
    field: "kycInfo.optionalDocument",
    label: "Optional Document",
    section: "other",
    stored: (k: KycInfo) => k.optionalDocument,
  },
] as const
type UploadField = (typeof UPLOAD_SLOTS)[number]["field"]

/** The documents verification needs (decisions: the passport file; a business's registration document). */
const REQUIRED_UPLOADS: ReadonlySet<UploadField> = new Set([
  "kycInfo.passport.passportFile",
  "kycInfo.businessInfo.registrationDocument",
])

/** The id of an upload slot's file input. */
const uploadId = (field: UploadField) => `kyc-${field.replaceAll(".", "-")}`

export const UPLOAD_HINT = `Accepted file types: ${UPLOAD_EXTENSIONS.join(", ")}. Up to 8 MB.`

/**
 * What the form starts from that KYC has not stored yet (issue 46): a business member's business name as
 * registration gave it (core's businessNameOf), until KYC's business details are saved.
 */
export const kycPrefilled = (
  kycInfo: KycInfo,
  userType: UserType,
  registrationBusinessName: string | undefined,
): FormValues<string> => {
  if (kycInfo.businessInfo !== undefined) return {}
  const name = businessNameOf({ userType, businessName: registrationBusinessName })
  return name === undefined ? {} : { "businessInfo.businessName": name }
}

/** The form's flat values ("address.houseNumber" …) from the stored kycInfo, and what registration gave. */
export const kycFormValues = (
  kycInfo: KycInfo,
  userType: UserType,
  registrationBusinessName?: string,
): FormValues<string> => {
  const values: Record<string, string> = { optionalNote: kycInfo.optionalNote ?? "" }
  for (const section of sectionsFor(userType)) {
    const stored = (kycInfo[section.key] ?? {}) as Record<string, unknown>
    for (const f of section.fields) {
      const v = stored[f.name]
      values[`${section.key}.${f.name}`] = typeof v === "string" ? v : ""
    }
  }
  return { ...values, ...kycPrefilled(kycInfo, userType, registrationBusinessName) }
}

/**
 * The kycInfo to check and send: blank sections left out (a draft), the others whole; with `whole`, every section
 * (sending for review), so a blank required field is refused at its place.
 */
export const kycInput = (
  values: FormValues<string>,
  userType: UserType,
  {
    whole = false,
    prefilled = {},
  }: {
    readonly whole?: boolean
    /** kycPrefilled's values: a section holding only these, untouched, is as blank as an empty one in a draft. */
    readonly prefilled?: FormValues<string>
  } = {},
): Record<string, unknown> => {
  const input: Record<string, unknown> = { optionalNote: values.optionalNote ?? "" }
  for (const section of sectionsFor(userType)) {
    const entries = section.fields.map((f) => [f.name, values[`${section.key}.${f.name}`] ?? ""] as const)
    const untouched = ([name, v]: readonly [string, string]) =>
      v.trim() === "" || prefilled[`${section.key}.${name}`] === v
    if (!whole && entries.every(untouched)) continue
    input[section.key] = Object.fromEntries(entries)
  }
  return input
}

/** A file's size and first bytes, judged by core's upload rule: undefined when it may be sent, else the message. */
export const uploadProblem = async (file: File): Promise<string | undefined> => {
  const firstBytes = new Uint8Array(await file.slice(0, MAGIC_BYTES_LENGTH).arrayBuffer())
  const check = checkUpload({ size: file.size, firstBytes })
  return check.ok ? undefined : check.message
}

const kb = (bytes: number) => `${formatNumber0(Math.max(1, Math.round(bytes / 1024)))} KB`

interface Chosen {
  readonly file: File | null
  readonly error: string | undefined
}

function FileField({
  field,
  label,
  stored,
  chosen,
  required,
  missing,
  onChoose,
}: {
  readonly field: UploadField
  readonly label: string
  readonly stored: KycDocument | undefined
  readonly chosen: Chosen | undefined
  /** Verification needs it (REQUIRED_UPLOADS): marked * as the page's other required fields are (Field.tsx). */
  readonly required: boolean
  /** Shown missing: the member asked for the review and no file is uploaded or chosen. */
  readonly missing: boolean
  readonly onChoose: (field: UploadField, file: File | null) => void
}) {
  const id = uploadId(field)
  const error = chosen?.error ?? (missing ? `${label} is required` : undefined)
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={field}
        type="file"
        // The form is noValidate: this only tells assistive technology the file is required (the * is hidden).
        required={required}
        accept={[...UPLOAD_EXTENSIONS, ...UPLOAD_MIME_TYPES].join(",")}
        aria-invalid={error !== undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChoose(field, e.target.files?.[0] ?? null)}
      />
      <p className="field__hint" id={`${id}-hint`}>
        {UPLOAD_HINT}
      </p>
      {stored ? (
        <p className="doc-saved">
          Uploaded: {stored.fileName} ({kb(stored.size)}). Choose a file to replace it.
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

export function KycForm({
  kycInfo,
  userType,
  registrationBusinessName,
  today,
  busy,
  serverError,
  notice,
  resetKey,
  onSave,
  busyText = "Saving…",
}: {
  readonly kycInfo: KycInfo
  readonly userType: UserType
  /** The business name given at registration: the form starts from it until KYC's business details are saved. */
  readonly registrationBusinessName?: string | undefined
  /** yyyy-mm-dd: the passport's expiry must be after it. */
  readonly today: string
  readonly busy: boolean
  readonly serverError: string | null
  readonly notice: string | null
  /** Changes after each save: the chosen files are cleared. */
  readonly resetKey: number
  /** `review`: the member pressed "Save and send for review", not "Save as draft". */
  readonly onSave: (body: FormData, review: boolean) => void
  /** What the pressed button says while the page is busy. */
  readonly busyText?: string
}) {
  const schema = useMemo(() => makeKycInfoSchema(today), [today])
  const [files, setFiles] = useState<Partial<Record<UploadField, Chosen>>>({})
  const [filesKey, setFilesKey] = useState(resetKey)
  if (filesKey !== resetKey) {
    setFilesKey(resetKey)
    setFiles({})
  }
  const onChoose = (field: UploadField, file: File | null) => {
    if (file === null) {
      setFiles(({ [field]: _, ...rest }) => rest)
      return
    }
    setFiles((f) => ({ ...f, [field]: { file, error: undefined } }))
    void uploadProblem(file).then((error) =>
      setFiles((f) => (f[field]?.file === file ? { ...f, [field]: { file, error } } : f)),
    )
  }
  const fileErrors = Object.values(files).some((c) => c?.error !== undefined)
  // Which button sent the form: set by its click, which also comes first when Enter submits the form.
  const review = useRef(true)
  const [pressed, setPressed] = useState<"review" | "draft">("review")
  // "Save and send for review" was pressed: every section is checked whole and what is missing shows on its
  // field, until the member saves a draft. A ref for the check made as the form is sent, a state to render.
  const reviewAskedRef = useRef(false)
  const [reviewAsked, setReviewAsked] = useState(false)
  const missingUploads = UPLOAD_SLOTS.filter(
    (s) =>
      REQUIRED_UPLOADS.has(s.field) &&
      (s.section !== "businessInfo" || userType === "BUSINESS") &&
      s.stored(kycInfo) === undefined &&
      files[s.field]?.file == null,
  ).map((s) => s.field)
  const form = useSchemaForm(
    schema,
    kycFormValues(kycInfo, userType, registrationBusinessName),
    (value) => {
      if (fileErrors) return
      const firstMissing = missingUploads[0]
      if (review.current && firstMissing !== undefined) {
        document.getElementById(uploadId(firstMissing))?.focus()
        return
      }
      const body = new FormData()
      body.set("kycInfo", JSON.stringify(value))
      for (const [field, chosen] of Object.entries(files)) {
        if (chosen?.file) body.set(field, chosen.file, chosen.file.name)
      }
      onSave(body, review.current)
    },
    (values) =>
      kycInput(values, userType, {
        whole: reviewAskedRef.current,
        prefilled: kycPrefilled(kycInfo, userType, registrationBusinessName),
      }),
  )
  // After a save, the fields show what the server kept: the normalized values ("7700900123", the IBAN in capitals).
  const [valuesKey, setValuesKey] = useState(resetKey)
  if (valuesKey !== resetKey) {
    setValuesKey(resetKey)
    form.reset(kycFormValues(kycInfo, userType, registrationBusinessName))
  }
  const slotsOf = (section: string) =>
    UPLOAD_SLOTS.filter(
      (s) => s.section === section && (s.section !== "businessInfo" || userType === "BUSINESS"),
    )
  const fileField = (slot: (typeof UPLOAD_SLOTS)[number]) => (
    <FileField
      key={`${slot.field}-${resetKey}`}
      field={slot.field}
      label={slot.label}
      stored={slot.stored(kycInfo)}
      chosen={files[slot.field]}
      required={REQUIRED_UPLOADS.has(slot.field)}
      missing={reviewAsked && missingUploads.includes(slot.field)}
      onChoose={onChoose}
    />
  )
  return (
    <form
      className="form"
      aria-label="KYC details"
      noValidate
      onSubmit={(e) => {
        reviewAskedRef.current = review.current
        setReviewAsked(review.current)
        form.onSubmit(e)
      }}
    >
      <datalist id={COUNTRY_LIST_ID}>
        {allCountries().map((c) => (
          <option key={c.alpha2} value={c.name} />
        ))}
      </datalist>
      {sectionsFor(userType).map((section) => (
        <fieldset className="form-section" key={section.key}>
          <legend>{section.legend}</legend>
          <div className="form-grid">
            {section.fields.map((f) => (
              <Field
                key={f.name}
                {...form.field(`${section.key}.${f.name}`)}
                label={f.label}
                required={f.required ?? false}
                type={f.type ?? "text"}
                {...(f.autoComplete === undefined ? {} : { autoComplete: f.autoComplete })}
                {...(f.hint === undefined ? {} : { hint: f.hint })}
                {...(f.country ? { list: COUNTRY_LIST_ID } : {})}
                idPrefix="kyc"
              />
            ))}
          </div>
          {slotsOf(section.key).map(fileField)}
        </fieldset>
      ))}
      <fieldset className="form-section">
        <legend>Other</legend>
        {slotsOf("other").map(fileField)}
        <Field
          {...form.field("optionalNote")}
          label="Note"
          multiline
          hint="Anything we should know when checking your details (at most 300 characters)."
          idPrefix="kyc"
        />
      </fieldset>
      <FormError message={serverError} />
      {notice ? (
        <p className="form-note" role="status">
          {notice}
        </p>
      ) : null}
      <p className="muted small" id="kyc-submit-hint">
        Save and send for review: we check your details once nothing required is missing, and email you the
        decision. Save as draft: keep what you have and come back later.
      </p>
      <div className="form-actions">
        <button
          type="submit"
          className="btn btn--primary"
          disabled={busy}
          aria-describedby="kyc-submit-hint"
          onClick={() => {
            review.current = true
            setPressed("review")
          }}
        >
          {busy && pressed === "review" ? busyText : "Save and send for review"}
        </button>
        <button
          type="submit"
          className="btn btn--ghost"
          disabled={busy}
          onClick={() => {
            review.current = false
            setPressed("draft")
          }}
        >
          {busy && pressed === "draft" ? "Saving…" : "Save as draft"}
        </button>
      </div>
    </form>
  )
}
