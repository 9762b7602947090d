import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Hindi. */
export const hi: CliTexts = {
  // every command
  unknownLanguage: "असमर्थित इंटरफ़ेस भाषा: {lang}। उपलब्ध: {languages}",
  unknownCommand: "अज्ञात कमांड: {name}",
  unexpectedArgument: "अनपेक्षित तर्क: {argument}",
  unexpectedFailure: "अनपेक्षित विफलता: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)
  syncChangedOnline:
    "ऑनलाइन पुस्तक {bookId} इस प्रोजेक्ट के पिछले सिंक के बाद बदल गई: {changes}। कुछ भी अधिलेखित नहीं हुआ: पहले pull करें, या --force के साथ फिर से अपलोड करें।",
  syncChangedLocally:
    "ऑनलाइन पुस्तक {bookId} के साथ पिछले सिंक के बाद प्रोजेक्ट बदल गया: {changes}। कुछ भी अधिलेखित नहीं हुआ: पहले अपलोड करें, या --force के साथ फिर से pull करें।",
  syncNeverSynced:
    "{dir} में एक अन्य प्रोजेक्ट है, जो ऑनलाइन पुस्तक {bookId} के साथ कभी सिंक नहीं हुआ: नए फ़ोल्डर में pull करें, या इसका कॉन्फ़िगरेशन बदलने के लिए --force दें।",
  syncUploaded: "पूरा प्रोजेक्ट ऑनलाइन पुस्तक पर है: सेटिंग्स, सामग्री, बुकमार्क, भाषाएँ, पासवर्ड, डाउनलोड, मीडिया",
  syncOverwriteUnsynced: "ऑनलाइन पुस्तक {bookId} को अधिलेखित किया जा रहा है, जिसके साथ यह प्रोजेक्ट कभी सिंक नहीं हुआ",
  pullDone: "ऑनलाइन पुस्तक {bookId} को {dir} में लाया गया",
  pullPasswordUnknown:
    "ऑनलाइन पुस्तक पासवर्ड से सुरक्षित है और उसका पासवर्ड वापस नहीं पढ़ा जा सकता: ऑफ़लाइन प्रकाशित करने से पहले प्रोजेक्ट में सेट करें",
  pullPagesChanged: "ऑनलाइन पुस्तक के पृष्ठ नए रूपांतरण के हैं (संशोधन {revision}): नए पृष्ठों के लिए उसकी PDF फिर से आयात करें",
  pullUsage: "turnleaf pull <पुस्तक id> --out <प्रोजेक्ट फ़ोल्डर> [--force]",
  offlinePasswordNote:
    "ऑफ़लाइन पुस्तक का पासवर्ड केवल ब्राउज़र में जाँचा जाता है और यह वास्तविक सुरक्षा नहीं है: इसकी फ़ाइलें पढ़ी जा सकती हैं",
  pullNoOriginal:
    "ऑनलाइन पुस्तक {bookId} अपनी मूल PDF डाउनलोड के लिए नहीं देती, इसलिए नया प्रोजेक्ट उसके पृष्ठ नहीं ले सकता: उसकी डाउनलोड सेटिंग्स में PDF डाउनलोड चालू करें, या उस प्रोजेक्ट में pull करें जिससे वह अपलोड हुई थी।",
  syncAlreadyOnline:
    "यह प्रोजेक्ट पहले से पुस्तक {bookId} के रूप में ऑनलाइन है: --overwrite {bookId} उसे अपडेट करता है (यह अपलोड एक नई पुस्तक बनाता है)",
  attachmentMissing: "अनुलग्नक {file} प्रोजेक्ट फ़ोल्डर में नहीं है",

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
};
