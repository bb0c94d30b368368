/** The types of parse-prometheus-text-format (the package ships none): prom2json's shape. */
declare module "parse-prometheus-text-format" {
  export interface Sample {
    readonly labels?: Record<string, string>
    readonly value?: string
    readonly buckets?: Record<string, string>
    readonly count?: string
    readonly sum?: string
  }
  export interface MetricFamily {
    readonly name: string
    readonly help: string
    readonly type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED"
    readonly metrics: ReadonlyArray<Sample>
  }
  const parsePrometheusTextFormat: (text: string) => Array<MetricFamily>
  export default parsePrometheusTextFormat
}
