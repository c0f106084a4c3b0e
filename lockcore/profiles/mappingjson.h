// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "result.h"

#include <QString>
#include <QVariantMap>

namespace lockcore {

// A lock table mapping kept in a JSON file (docs/profiles.md): what lockctl takes with
// --profile FILE.json and the window opens from its command line and File > Open mapping.
// The object as Profile::fromMap() takes it, "profile" set to "custom" when the file has none
// (a built-in id with its options, "profile": "shedlock", is kept). Errors name the file: it is
// missing or unreadable, too large to be a mapping, or not a JSON object. Whether it is a valid
// mapping is Profile::fromMap()'s to say; the columns' types are checked when the table opens.
Result<QVariantMap> readMappingFile(const QString &path);

// Whether an argument of --profile names a mapping file rather than a built-in profile: it
// ends in .json, or it is a path.
bool namesMappingFile(const QString &argument);

} // namespace lockcore
