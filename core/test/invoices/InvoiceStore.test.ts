import { InvoiceStore } from "../../src/invoices/ports/InvoiceStore.ts"
import { invoiceStoreContract } from "../support/InvoiceStoreContract.ts"

invoiceStoreContract("memory", () => InvoiceStore.layerMemory)
