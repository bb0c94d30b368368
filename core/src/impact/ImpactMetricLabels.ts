/**
 * How people read the impact metrics of spec §3: each one's label and unit, once for every page that shows
 * them (statistics, the dashboard's "Your impact"). Every metric is an absolute quantity, so the platform's
 * figure is the sum over projects and a member's is a share of it (Impact.ts). docs/decisions.md says why
 * these units.
 */
import type { ImpactMetrics } from "../content/ContentModel.ts"

export interface ImpactMetricLabel {
  readonly key: keyof ImpactMetrics
  readonly label: string
  /** The unit, as printed after the figure. */
  readonly unit: string
}

export const IMPACT_METRIC_LABELS: ReadonlyArray<ImpactMetricLabel> = [
  { key: "co2Offset", label: "CO₂ offset", unit: "t CO₂e a year" },
  { key: "forestIncrease", label: "Forest increase", unit: "ha" },
  { key: "naturalNitrogen", label: "Natural nitrogen", unit: "t N a year" },
  { key: "organicIncrease", label: "Organic matter increase", unit: "t" },
  { key: "pesticideElimination", label: "Pesticide elimination", unit: "kg a year" },
  { key: "hedgerowIncrease", label: "Hedgerow increase", unit: "km" },
]
