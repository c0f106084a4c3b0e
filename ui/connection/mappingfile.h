// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

#include <QCoreApplication>
#include <QString>
#include <QVariantMap>

namespace ui {

// A lock table mapping kept in a JSON file (docs/profiles.md): the same file lockctl takes with
// --profile FILE.json. The window opens one from its command line and from File > Open mapping.
namespace mappingfile {

// Whether `argument` (of --profile) names a file rather than a built-in profile: it ends in
// .json, or it is a path.
bool namesAFile(const QString &argument);

struct Mapping
{
    QVariantMap lockProfile; // in the form lockcore::Profile::toMap() gives
    QString table;           // the file's "table", else the profile's default table
};

// The mapping in `path`, checked by lockcore::Profile::fromMap(): what
// ConnectionProfile::lockProfile and ConnectionProfile::table take. A file without "profile"
// is a custom mapping; one with a built-in id ("profile": "shedlock") may set that profile's
// options and table. Errors name the file: it is missing or unreadable, not a JSON object, or
// not a valid mapping (and why). The columns' types are checked when the table is opened.
lockcore::Result<Mapping> read(const QString &path);

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(ui::MappingFile)
};

} // namespace mappingfile

} // namespace ui
