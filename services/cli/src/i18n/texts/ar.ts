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

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)
  nativeToolMissing: "{tool} غير مثبت: ثبّت حزمة Debian ‏{package} (يفعل ذلك scripts/setup.sh)",
  nativeToolFailed: "فشل {tool}: {detail}",
  nativePublishFailed: "فشل نشر {format}: {detail}",
  nativeWindowMode: "يجب أن تكون قيمة --window هي maximized أو fullscreen أو custom (وليس {mode})",
  nativeWindowSize: "يتطلب --window custom الخيارين --width و--height بعدد صحيح من البكسلات من 200 إلى 10000",
  nativeSmaliMissing: "مُجمِّع dex ‏smali غير موجود في {dir}: شغّل scripts/install-smali.sh",
  nativePublished: "تم النشر: {file} ({size} بايت)",
  apkNameRequired: "الاسم مطلوب",
  apkIdFormat: "خطأ في تنسيق معرّف التطبيق",
  apkIdChanged: "خطأ في تنسيق معرّف التطبيق: يجب أن يحتفظ التحديث بمعرّف التطبيق {id}",
  apkVersionNumber: "يجب أن يكون رقم الإصدار عددًا صحيحًا موجبًا",
  apkVersionNotNext: "يجب أن يزيد رقم الإصدار بمقدار 1 عن الأخير ({last}): {expected}",
  apkVersionNameRequired: "اسم الإصدار مطلوب (مثل 1.0 أو 2.1)",
  apkSignatureRequired:
    "يجب توقيع ملف APK: ‏--signature الاسم و--signature-password كلمة المرور (يعرض turnleaf signature list توقيعاتك)",
  signatureOrPassword: "خطأ في التوقيع أو كلمة المرور",
  signatureLogin: "تُحفظ التوقيعات في حسابك: شغّل turnleaf login أولًا",
  signatureUsage:
    "الاستخدام: turnleaf signature create --name N --validity سنوات [--password P --confirm P] [--unit U] [--organisation O] [--city C] [--state S] --country CN | turnleaf signature list",
  signatureNameRequired: "اسم التوقيع مطلوب",
  signatureValidity: "يجب أن تكون مدة الصلاحية عددًا صحيحًا من السنوات من 1 إلى 100",
  signaturePasswordPrompt: "كلمة مرور التوقيع: ",
  signatureConfirmPrompt: "أكّد كلمة المرور: ",
  signaturePasswordShort: "يجب ألا يقل عن 6 أحرف!",
  signaturePasswordMismatch: "كلمتا المرور غير متطابقتين",
  signatureCountryCode: "يجب أن يتكون رمز الدولة من حرفين، مثل CN",
  signatureCreated: "تم إنشاء التوقيع: {name}، صالح حتى {validUntil}",
  signatureNone: "لا توجد توقيعات بعد: أنشئ توقيعًا باستخدام turnleaf signature create",
  signatureOptionNeeded: "{option} مطلوب (لا يُسأل عنه إلا في الطرفية)",

  // page audio (#37)
  pageAudioUsage:
    "الاستخدام: turnleaf project audio <project dir> [<page> --tts TEXT [--voice zh|en] [--speed 80-450] | <page> --mp3 FILE [--text CAPTION] | <page>|all --clear] [--caption off|top|bottom] [--auto-flip on|off] [--pause 0-60] [--pause-without-audio on|off]",
  pageAudioOneSource: "اختر واحدًا فقط من --tts أو --mp3 أو --clear",
  pageAudioBadPage: "الصفحة {page} ليست من صفحات هذا المشروع (1–{count})",
  pageAudioTextRequired: "يرجى إدخال النص المراد نطقه",
  pageAudioTextTooLong: "النص {max} حرفًا على الأكثر",
  pageAudioBadVoice: "يجب أن يكون الصوت أحد {voices}",
  pageAudioBadSpeed: "يجب أن تكون السرعة من {min} إلى {max} كلمة في الدقيقة",
  pageAudioBadCaption: "يجب أن تكون التسمية off أو top أو bottom",
  pageAudioBadPause: "يجب أن يكون التوقف من 0 إلى {max} ثانية",
  pageAudioBadSwitch: "يجب أن يكون {option} إما on أو off",
  pageAudioNotMp3: "{file} ليس ملف MP3",
  pageAudioTooLarge: "{file} أكبر من {max}",
  pageAudioNoSpeech: "نطق النص يحتاج إلى espeak-ng و lame (أو ffmpeg): ثبّتها (Debian: apt-get install espeak-ng lame)",
  pageAudioSpeechFailed: "تعذر إنشاء الكلام: {reason}",
  pageAudioSet: "الصفحة {page}: تم حفظ الصوت ({file})",
  pageAudioCleared: "تم مسح الصوت من {count} صفحات",
  pageAudioPlaySaved: "تم حفظ إعدادات التشغيل",
  pageAudioNone: "لا توجد صفحة بها صوت",
  pageAudioLine: "الصفحة {page}: {file}، {text}",
  pageAudioPlayLine: "القلب بعد الصوت: {autoFlip}؛ توقف {pause} ث؛ التوقف عند الصفحات بلا صوت: {pauseWithoutAudio}",

  // payments and the account info (#38)
  accountPlanLine: "الخطة: {plan}",
  accountPointsLine: "النقاط: {points}",
  accountExpiryLine: "ينتهي VIP في: {date}",
  accountRemainingLine: "الأيام المتبقية: {days}",
  accountHostedLine: "الكتب المستضافة: {count} (معطلة {suspended})",
  accountBuyLine: "التجديد أو شراء النقاط أو VIP: {url}",
  accountLedgerTitle: "السجل:",
  accountReceiptLink: "الإيصال: {url}",
  accountPlanFree: "مجاني",
  accountPlanPoints: "النقاط",
  accountPlanVipMonthly: "VIP شهري",
  accountPlanVipAnnual: "VIP سنوي",
  accountAutoRenew: "يتجدد تلقائيًا",
  accountPastDue: "فشل التجديد: حدّث وسيلة الدفع، وإلا فستُعطَّل كتبك بعد 24 ساعة من انتهاء VIP",
  accountLedgerEmpty: "لا شيء بعد",
  accountKindFreePoints: "نقاط مجانية",
  accountKindPurchasePoints: "شراء نقاط",
  accountKindPurchaseVip: "شراء VIP",
  accountKindRenewVip: "تجديد VIP",
  accountKindRefund: "استرداد",
  accountKindChargeback: "استرداد مصرفي",
  accountKindHostingCharge: "رسوم الاستضافة",
  accountKindRenewalFailed: "فشل التجديد",
  accountKindSubscriptionEnded: "انتهى الاشتراك",
  accountKindSetPlan: "عدّله الدعم",
};
