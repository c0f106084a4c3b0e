// SPDX-License-Identifier: Apache-2.0
#include "lockdefinitions.h"

#include "definitionsjson.h"

#include "tr.h"

#include <QFile>

namespace lockcore {

Result<LockDefinitions> LockDefinitions::loadFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error::invalidInput(Tr::tr("Cannot read the lock definitions file %1: %2")
                                       .arg(path, file.errorString()));
    return fromJson(file.readAll(), path);
}

Result<LockDefinitions> LockDefinitions::fromJson(const QByteArray &json, const QString &source)
{
    auto read = readDefinitionsJson(json, source);
    if (!read)
        return read.error();
    LockDefinitions definitions;
    definitions.m_source = source;
    for (qsizetype i = 0; i < read->size(); ++i) {
        if (Status added = definitions.add(read->at(i)); !added)
            return Error::invalidInput(Tr::tr("%1, lock %2: %3")
                                           .arg(source)
                                           .arg(i + 1)
                                           .arg(added.error().message));
    }
    return definitions;
}

Status LockDefinitions::add(const LockDefinition &definition)
{
    if (Status valid = definition.validate(); !valid)
        return valid;
    if (contains(definition.name))
        return Error::invalidInput(Tr::tr("The lock \"%1\" is defined twice.")
                                       .arg(definition.name));
    m_definitions.append(definition);
    return {};
}

Result<LockDefinition> LockDefinitions::get(const QString &name) const
{
    for (const LockDefinition &definition : m_definitions)
        if (definition.name == name)
            return definition;
    return Error::invalidInput(
        m_source.isEmpty()
            ? Tr::tr("No lock named \"%1\" is defined.").arg(name)
            : Tr::tr("No lock named \"%1\" is defined in %2.").arg(name, m_source));
}

bool LockDefinitions::contains(const QString &name) const
{
    return std::any_of(m_definitions.cbegin(), m_definitions.cend(),
                       [&name](const LockDefinition &d) { return d.name == name; });
}

} // namespace lockcore
