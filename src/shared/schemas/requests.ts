import * as v from 'valibot'
import { ATTACH_STATUSES, DEFAULT_DOC_CUSTOMER_TYPE, DEFAULT_EXPIRED_IN_DAYS, DOC_STATUSES } from '../constants'
import { T } from '../texts'
import { boolValue, dateText, formObject, idFilter, idValue, intValue, isoTime, isoTimeOrNull, listQueryWith, paged, requiredText, textValue } from './common'

const statusIds = Object.keys(DOC_STATUSES).map(Number) as (keyof typeof DOC_STATUSES)[]
const attachStatusIds = Object.keys(ATTACH_STATUSES).map(Number) as (keyof typeof ATTACH_STATUSES)[]
const pickInt = <TIds extends number>(ids: TIds[], message: string = T.oneOf(ids)) => v.pipe(intValue(0, 100, message), v.picklist(ids, message))

/* Reference lists. */
const documentStatus = v.object({ doc_status_id: v.number(), doc_status_name: v.string() })
export const documentStatusList = v.array(documentStatus)

const fileRef = v.object({ file_name: v.string(), real_file_name: v.string() })

export const requiredFile = v.object({
  doc_required_file_id: v.number(),
  doc_required_file_name: v.string(),
  short_file_name: v.string(),
  doc_required_file_example: v.nullable(fileRef),
})
export type RequiredFile = v.InferOutput<typeof requiredFile>
export const requiredFileList = paged(requiredFile)
/* administration.md names «Это поле обязательно к заполнению» for the required file's names and the request type's fields. */
export const requiredFileInput = formObject(
  { doc_required_file_name: requiredText(255, T.requiredAlt), short_file_name: requiredText(100, T.requiredAlt) },
  T.requiredAlt,
)
export const requiredFileUpdate = v.partial(requiredFileInput)
export const requiredFileListQuery = listQueryWith({ document_type: idFilter() })

export const documentType = v.object({
  doc_type_id: v.number(),
  doc_type_name: v.string(),
  name: v.string(),
  doc_customer_type_id: v.number(),
  customer_type_name: v.string(),
  expired_in_days: v.number(),
  required_files: v.array(v.object({ doc_required_file_id: v.number(), doc_required_file_name: v.string(), short_file_name: v.string() })),
})
export type DocumentType = v.InferOutput<typeof documentType>
export const documentTypeList = paged(documentType)
export const documentTypeInput = formObject(
  {
    doc_type_name: requiredText(255, T.requiredAlt),
    doc_customer_type_id: v.optional(pickInt([1, 2, 3], T.customerTypeRequired), DEFAULT_DOC_CUSTOMER_TYPE),
    expired_in_days: v.optional(intValue(1, 365), DEFAULT_EXPIRED_IN_DAYS),
  },
  T.requiredAlt,
  { doc_customer_type_id: T.customerTypeRequired },
)
export const documentTypeUpdate = v.partial(documentTypeInput)
/** The console's request-type form: every field must be filled in. */
export const documentTypeForm = formObject(
  {
    doc_type_name: requiredText(255, T.requiredAlt),
    doc_customer_type_id: pickInt([1, 2, 3], T.customerTypeRequired),
    expired_in_days: intValue(1, 365, T.requiredAlt),
  },
  T.requiredAlt,
  { doc_customer_type_id: T.customerTypeRequired },
)
export const requiredFileLinkInput = formObject({
  doc_type_id: idValue(),
  required_files: v.pipe(v.array(idValue(), T.invalidValue), v.maxLength(100, T.tooManyItems(100))),
})

/* Applications. */
const idName = v.object({ id: v.number(), name: v.string() })
const person = v.object({ username: v.string(), first_name: v.string(), last_name: v.string(), middle_name: v.string() })
export const documentRequest = v.object({
  doc_request_id: v.number(),
  request_number: v.string(),
  created_at: isoTime(),
  expired_date: v.nullable(v.string()),
  user: person,
  customer: v.object({
    customer_id: v.number(),
    customer_number: v.string(),
    customer_type: v.number(),
    name: v.string(),
    snils: v.string(),
    company_inn: v.string(),
    company_kpp: v.string(),
    company_ogrn: v.string(),
    company_legal_address: v.string(),
  }),
  type: idName,
  status: idName,
  // A subscriber reads the assignee without the login (repositories/requests.ts `cardFor`).
  assigned_user: v.nullable(v.object({ ...person.entries, username: v.optional(v.string()) })),
  assigned_user_id: v.nullable(v.number()),
  decline_reason: v.string(),
  unread_comments: v.number(),
  new_files: v.number(),
  archived: v.boolean(),
  external_send_date: isoTimeOrNull(),
})
export type DocumentRequest = v.InferOutput<typeof documentRequest>
export const documentRequestList = paged(documentRequest)

export const documentRequestListQuery = listQueryWith({
  status: v.optional(pickInt(statusIds)),
  archived: v.optional(boolValue(), false),
})

/** PATCH takes one of these (status 4 comes with its reason). */
export const documentRequestUpdate = v.pipe(
  v.partial(
    v.object({
      doc_status: pickInt(statusIds),
      decline_reason: textValue(2000),
      assigned_user_id: v.nullable(idValue()),
      expired_date: v.nullable(dateText()),
    }),
  ),
  v.check((body) => Object.keys(body).length > 0, T.noChanges),
)
export type DocumentRequestUpdate = v.InferOutput<typeof documentRequestUpdate>

/** The two badges of the side menu's 'Входящие заявки' entry. */
export const requestCheck = v.object({ unassigned: v.number(), new_messages: v.number() })

/* Attachments, comments, closing files. */
export const attachmentComment = v.object({
  doc_attachment_comment_id: v.number(),
  doc_attachment_comment: v.string(),
  created_by: v.nullable(v.object({ user_id: v.number(), first_name: v.string(), last_name: v.string(), is_stuff: v.boolean() })),
  created_at: isoTime(),
})

export type AttachmentComment = v.InferOutput<typeof attachmentComment>

export const attachment = v.object({
  doc_request_attach_id: v.number(),
  doc_request_attach_status: v.number(),
  file_name: v.string(),
  real_file_name: v.string(),
  required_doc_type_name: v.string(),
  comments: v.array(attachmentComment),
  comments_user_unviewed: v.number(),
  created_at: isoTime(),
})
export type Attachment = v.InferOutput<typeof attachment>
export const attachmentList = v.array(attachment)
export const byDocumentQuery = v.object({ document_id: idValue() })
/** The text fields of the two multipart forms: a filing's request type, and the application closing files go to. */
export const filingFields = formObject({ doc_type_id: idValue() })
export const closeFilesFields = formObject({ doc_request_id: idValue() })

export const attachmentUpdate = formObject({
  doc_request_attach_status: pickInt(attachStatusIds),
  /** With status 2 the reason of the refusal, posted as a comment in the same change. */
  doc_attachment_comment: v.optional(textValue(2000)),
})
export const commentInput = formObject({
  doc_attachment: idValue(),
  doc_request_id: idValue(),
  doc_attachment_comment: requiredText(2000),
})

const closeFile = v.object({
  doc_close_id: v.number(),
  doc_required_file_id: v.nullable(v.number()),
  doc_close_file: fileRef,
  created_at: isoTime(),
})
export type CloseFile = v.InferOutput<typeof closeFile>
export const closeFileList = v.array(closeFile)

/** Download names are ours: 32 hex characters and an extension; anything else is not found. */
export const downloadParams = v.object({ file_name: v.pipe(v.string(), v.regex(/^[0-9a-f]{32}\.[a-z0-9]{1,5}$/)) })
