// SPDX-License-Identifier: GPL-3.0-or-later
#include "mappingfile.h"

#include "mappingjson.h"
#include "profile.h"

using namespace Qt::StringLiterals;
using lockcore::Error;

namespace ui::mappingfile {

bool namesAFile(const QString &argument)
{
    return lockcore::namesMappingFile(argument);
}

lockcore::Result<Mapping> read(const QString &path)
{
    auto map = lockcore::readMappingFile(path);
    if (!map)
        return map.error();
    auto profile = lockcore::Profile::fromMap(*map);
    if (!profile)
        return Error::invalidInput(
            Tr::tr("The mapping file %1 is not a valid mapping: %2")
                .arg(path, profile.error().message));
    const QString table = map->value(u"table"_s).toString().trimmed();
    return Mapping{profile->toMap(), table.isEmpty() ? profile->defaultTable : table};
}

} // namespace ui::mappingfile
