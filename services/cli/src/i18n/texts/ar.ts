import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Arabic. */
export const ar: CliTexts = {
  // every command
  unknownLanguage: "لغة واجهة غير مدعومة: {lang}. المتاح: {languages}",
  unknownCommand: "أمر غير معروف: {name}",
  unexpectedArgument: "وسيط غير متوقع: {argument}",
  unexpectedFailure: "فشل غير متوقع: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)
  syncChangedOnline:
    "تغيّر الكتاب الإلكتروني {bookId} منذ آخر مزامنة لهذا المشروع: {changes}. لم يُستبدل شيء: اسحبه أولاً، أو ارفع مجدداً مع --force.",
  syncChangedLocally:
    "تغيّر المشروع منذ آخر مزامنة مع الكتاب الإلكتروني {bookId}: {changes}. لم يُستبدل شيء: ارفعه أولاً، أو اسحب مجدداً مع --force.",
  syncNeverSynced:
    "يحتوي {dir} على مشروع آخر لم يُزامَن أبداً مع الكتاب الإلكتروني {bookId}: اسحب إلى مجلد جديد، أو استخدم --force لاستبدال إعداداته.",
  syncUploaded:
    "المشروع كله على الكتاب الإلكتروني: الإعدادات والفهرس والإشارات واللغات وكلمة المرور والتنزيلات والوسائط",
  syncOverwriteUnsynced: "جارٍ استبدال الكتاب الإلكتروني {bookId} الذي لم يُزامَن مع هذا المشروع أبداً",
  pullDone: "تم سحب الكتاب الإلكتروني {bookId} إلى {dir}",
  pullPasswordUnknown: "الكتاب الإلكتروني محمي بكلمة مرور لا يمكن قراءتها مجدداً: عيّنها في المشروع قبل النشر دون اتصال",
  pullPagesChanged:
    "صفحات الكتاب الإلكتروني من تحويل أحدث (المراجعة {revision}): استورد ملف PDF الخاص به مجدداً للحصول على الصفحات الجديدة",
  pullUsage: "turnleaf pull <معرّف الكتاب> --out <مجلد المشروع> [--force]",
  offlinePasswordNote: "كلمة مرور الكتاب دون اتصال تُفحص في المتصفح فقط وليست حماية حقيقية: يمكن قراءة ملفاته",
  pullNoOriginal:
    "لا يتيح الكتاب الإلكتروني {bookId} تنزيل ملف PDF الأصلي، لذا لا يستطيع مشروع جديد الحصول على صفحاته: فعّل تنزيل PDF في إعدادات التنزيل، أو اسحب إلى المشروع الذي رُفع منه.",
  syncAlreadyOnline:
    "هذا المشروع موجود على الإنترنت بالفعل ككتاب {bookId}: يحدّثه ‎--overwrite {bookId}‎ (هذا الرفع ينشئ كتاباً جديداً)",
  attachmentMissing: "المرفق {file} غير موجود في مجلد المشروع",

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
};
