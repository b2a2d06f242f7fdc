using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Text;

namespace Eddy.PackageTests.PublicApi;

/// <summary>
/// The public surface of an assembly as sorted text, one line per visible type and member, in C#-like syntax
/// with nullability, so a change to the surface shows as a changed line in review.
/// </summary>
/// <remarks>
/// A type's line is its name and its kind in parentheses; member lines start with their type's name and " :: ",
/// so they sort under their type. Only what a caller outside the assembly can reach is listed: public types, and
/// their public and protected members (protected only where the type can be derived from). Type parameters not
/// constrained to classes show without `?`: NullabilityInfoContext reports such a T as nullable even where the
/// source says T.
/// </remarks>
public static class PublicApiListing
{
    private const BindingFlags Declared =
        BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly;

    private static readonly Dictionary<Type, string> s_keywords = new()
    {
        [typeof(void)] = "void", [typeof(object)] = "object", [typeof(string)] = "string", [typeof(bool)] = "bool",
        [typeof(char)] = "char", [typeof(byte)] = "byte", [typeof(sbyte)] = "sbyte", [typeof(short)] = "short",
        [typeof(ushort)] = "ushort", [typeof(int)] = "int", [typeof(uint)] = "uint", [typeof(long)] = "long",
        [typeof(ulong)] = "ulong", [typeof(float)] = "float", [typeof(double)] = "double", [typeof(decimal)] = "decimal",
        [typeof(nint)] = "nint", [typeof(nuint)] = "nuint",
    };

    public static IReadOnlyList<string> Build(Assembly assembly)
    {
        var lines = new List<string>();
        foreach (var type in assembly.GetTypes().Where(IsListed))
        {
            lines.Add(DescribeType(type));
            lines.AddRange(DescribeMembers(type).Select(m => $"{TypeName(type)} :: {m}"));
        }

        lines.Sort(StringComparer.Ordinal);
        return lines;
    }

    public static string ToText(IEnumerable<string> lines) => string.Join("\n", lines) + "\n";

    private static bool IsListed(Type type) => type.IsVisible && !type.Name.Contains('<', StringComparison.Ordinal);

    private static string DescribeType(Type type)
    {
        // "Name (kind)" sorts before the type's "Name :: member" lines and after its outer type's.
        var text = new StringBuilder(TypeName(type)).Append(type.IsNestedFamily || type.IsNestedFamORAssem ? " (protected " : " (public ");
        if (type.IsEnum)
        {
            text.Append("enum) : ").Append(Name(Enum.GetUnderlyingType(type)));
            return Finish(text, type);
        }

        if (typeof(Delegate).IsAssignableFrom(type) && type != typeof(Delegate) && type != typeof(MulticastDelegate))
        {
            var invoke = type.GetMethod("Invoke")!;
            text.Append("delegate) ").Append(ReturnType(invoke))
                .Append(" (").Append(Parameters(invoke)).Append(')').Append(Constraints(type.GetGenericArguments(), type.DeclaringType));
            return Finish(text, type);
        }

        if (type.IsInterface)
        {
            text.Append("interface)");
        }
        else if (type.IsValueType)
        {
            text.Append(IsReadOnly(type) ? "readonly " : "").Append(type.IsByRefLike ? "ref " : "").Append("struct)");
        }
        else
        {
            text.Append(type.IsAbstract && type.IsSealed ? "static " : type.IsAbstract ? "abstract " : type.IsSealed ? "sealed " : "")
                .Append("class)");
        }

        var bases = new List<string>();
        if (type.BaseType is { } baseType && baseType != typeof(object) && baseType != typeof(ValueType))
        {
            bases.Add(Name(baseType));
        }

        bases.AddRange(type.GetInterfaces().Where(i => i.IsVisible).Select(Name).Order(StringComparer.Ordinal));
        if (bases.Count > 0)
        {
            text.Append(" : ").Append(string.Join(", ", bases));
        }

        text.Append(Constraints(type.GetGenericArguments(), type.DeclaringType));
        return Finish(text, type);
    }

    // The compiler marks every ref struct [Obsolete] for old compilers (with [CompilerFeatureRequired] where the
    // target framework has it); only an [Obsolete] written in the source is part of the API.
    private static string Finish(StringBuilder text, MemberInfo member) =>
        IsObsoleteInSource(member) ? "[Obsolete] " + text : text.ToString();

    private static bool IsObsoleteInSource(MemberInfo member)
    {
        var obsolete = member.CustomAttributes.FirstOrDefault(a => a.AttributeType.FullName == typeof(ObsoleteAttribute).FullName);
        if (obsolete is null || Has(member, typeof(CompilerFeatureRequiredAttribute)))
        {
            return false;
        }

        return !(member is Type { IsByRefLike: true }
            && obsolete.ConstructorArguments is [{ Value: string message }, ..]
            && message.StartsWith("Types with embedded references are not supported", StringComparison.Ordinal));
    }

    private static IEnumerable<string> DescribeMembers(Type type)
    {
        if (type.IsEnum)
        {
            foreach (var field in type.GetFields(BindingFlags.Public | BindingFlags.Static))
            {
                yield return $"{field.Name} = {Convert.ToString(field.GetRawConstantValue(), CultureInfo.InvariantCulture)}";
            }

            yield break;
        }

        if (typeof(Delegate).IsAssignableFrom(type))
        {
            yield break;
        }

        var canDerive = !type.IsSealed && !type.IsValueType;
        foreach (var member in type.GetMembers(Declared))
        {
            var description = member switch
            {
                ConstructorInfo c when IsVisible(c, canDerive) => Finish(new StringBuilder(Access(c)).Append(c.IsStatic ? "static " : "").Append(".ctor(").Append(Parameters(c)).Append(')'), c),
                MethodInfo m when !m.IsSpecialName || m.Name.StartsWith("op_", StringComparison.Ordinal) => IsVisible(m, canDerive) ? Method(m) : null,
                PropertyInfo p => Property(p, canDerive),
                FieldInfo f when IsVisible(f, canDerive) => Field(f),
                EventInfo e when e.AddMethod is { } add && IsVisible(add, canDerive) => Finish(new StringBuilder(Access(add)).Append(Modifiers(add)).Append("event ").Append(Name(e.EventHandlerType!, new NullabilityInfoContext().Create(e))).Append(' ').Append(e.Name), e),
                _ => null,
            };
            if (description is not null)
            {
                yield return description;
            }
        }
    }

    private static bool IsVisible(MethodBase method, bool canDerive) =>
        method.IsPublic || (canDerive && (method.IsFamily || method.IsFamilyOrAssembly));

    private static bool IsVisible(FieldInfo field, bool canDerive) =>
        field.IsPublic || (canDerive && (field.IsFamily || field.IsFamilyOrAssembly));

    private static string Access(MethodBase method) => method.IsPublic ? "public " : "protected ";

    private static string Modifiers(MethodInfo method)
    {
        if (method.IsStatic)
        {
            return method.IsAbstract ? "static abstract " : method.IsVirtual ? "static virtual " : "static ";
        }

        if (method.DeclaringType!.IsInterface)
        {
            return method.IsAbstract ? "" : "virtual ";
        }

        if (method.IsAbstract)
        {
            return "abstract ";
        }

        var overrides = method.IsVirtual && !method.Attributes.HasFlag(MethodAttributes.NewSlot) && method.GetBaseDefinition() != method;
        if (overrides)
        {
            return method.IsFinal ? "sealed override " : "override ";
        }

        return method.IsVirtual && !method.IsFinal ? "virtual " : "";
    }

    private static string Method(MethodInfo method)
    {
        var text = new StringBuilder(Access(method)).Append(Modifiers(method));
        if (IsReadOnly(method))
        {
            text.Append("readonly ");
        }

        text.Append(ReturnType(method)).Append(' ').Append(method.Name);
        if (method.IsGenericMethodDefinition)
        {
            text.Append('<').Append(string.Join(", ", method.GetGenericArguments().Select(a => a.Name))).Append('>');
        }

        text.Append('(').Append(Parameters(method)).Append(')');
        if (method.IsGenericMethodDefinition)
        {
            text.Append(Constraints(method.GetGenericArguments(), null));
        }

        return Finish(text, method);
    }

    private static string? Property(PropertyInfo property, bool canDerive)
    {
        var getter = property.GetMethod is { } g && IsVisible(g, canDerive) ? g : null;
        var setter = property.SetMethod is { } s && IsVisible(s, canDerive) ? s : null;
        var main = getter ?? setter;
        if (main is null)
        {
            return null;
        }

        var text = new StringBuilder(getter is not null && setter is not null && !getter.IsPublic && !setter.IsPublic ? "protected " : Access(main))
            .Append(Modifiers(main));
        var nullability = new NullabilityInfoContext().Create(property);
        text.Append(RefPrefix(property.PropertyType, getter?.ReturnParameter)).Append(Name(property.PropertyType, nullability)).Append(' ');
        var indexParameters = property.GetIndexParameters();
        if (indexParameters.Length > 0)
        {
            text.Append("this[").Append(string.Join(", ", indexParameters.Select(Parameter))).Append(']');
        }
        else
        {
            text.Append(property.Name);
        }

        text.Append(" { ");
        if (getter is not null)
        {
            text.Append(getter.IsPublic || main != getter ? "" : "protected ").Append(IsReadOnly(getter) && !IsReadOnly(property.DeclaringType!) ? "readonly " : "").Append("get; ");
        }

        if (setter is not null)
        {
            var init = setter.ReturnParameter.GetRequiredCustomModifiers().Any(m => m.FullName == typeof(IsExternalInit).FullName);
            text.Append(setter.IsPublic || main == setter || !getter!.IsPublic ? "" : "protected ").Append(init ? "init; " : "set; ");
        }

        text.Append('}');
        return Finish(text, property);
    }

    private static string Field(FieldInfo field)
    {
        var text = new StringBuilder(field.IsPublic ? "public " : "protected ");
        if (field.IsLiteral)
        {
            text.Append("const ");
        }
        else
        {
            text.Append(field.IsStatic ? "static " : "").Append(field.IsInitOnly ? "readonly " : "");
        }

        text.Append(Name(field.FieldType, new NullabilityInfoContext().Create(field))).Append(' ').Append(field.Name);
        if (field.IsLiteral)
        {
            text.Append(" = ").Append(Literal(field.GetRawConstantValue(), field.FieldType));
        }

        return Finish(text, field);
    }

    private static string ReturnType(MethodInfo method) =>
        RefPrefix(method.ReturnType, method.ReturnParameter) + Name(method.ReturnType, new NullabilityInfoContext().Create(method.ReturnParameter));

    private static string RefPrefix(Type type, ParameterInfo? returnParameter) =>
        !type.IsByRef ? "" : returnParameter is not null && Has(returnParameter, typeof(IsReadOnlyAttribute)) ? "ref readonly " : "ref ";

    private static string Parameters(MethodBase method)
    {
        var parameters = method.GetParameters();
        var isExtension = method.IsStatic && Has(method, typeof(ExtensionAttribute));
        return string.Join(", ", parameters.Select((p, i) => (isExtension && i == 0 ? "this " : "") + Parameter(p)));
    }

    private static string Parameter(ParameterInfo parameter)
    {
        var text = new StringBuilder();
        if (Has(parameter, typeof(ScopedRefAttribute)))
        {
            text.Append("scoped ");
        }

        if (Has(parameter, typeof(ParamArrayAttribute)) || Has(parameter, typeof(ParamCollectionAttribute)))
        {
            text.Append("params ");
        }

        if (parameter.ParameterType.IsByRef)
        {
            text.Append(
                parameter.IsOut ? "out "
                : Has(parameter, typeof(RequiresLocationAttribute)) ? "ref readonly "
                : parameter.IsIn ? "in "
                : "ref ");
        }

        text.Append(Name(parameter.ParameterType, new NullabilityInfoContext().Create(parameter))).Append(' ').Append(parameter.Name);
        if (parameter.HasDefaultValue)
        {
            text.Append(" = ").Append(Literal(parameter.RawDefaultValue, parameter.ParameterType));
        }

        return text.ToString();
    }

    private static string Literal(object? value, Type type) => value switch
    {
        null => type.IsValueType && Nullable.GetUnderlyingType(type) is null ? "default" : "null",
        string s => "\"" + s + "\"",
        char c => "'" + c + "'",
        bool b => b ? "true" : "false",
        _ when type.IsEnum => $"({Name(type)}){Convert.ToString(value, CultureInfo.InvariantCulture)}",
        IFormattable f => f.ToString(null, CultureInfo.InvariantCulture),
        _ => value.ToString() ?? "",
    };

    private static string Constraints(Type[] genericArguments, Type? declaringType)
    {
        var text = new StringBuilder();
        // A nested type repeats its outer type's parameters; their constraints belong to the outer type's line.
        var inherited = declaringType?.GetGenericArguments().Length ?? 0;
        foreach (var argument in genericArguments.Skip(inherited))
        {
            var parts = new List<string>();
            var flags = argument.GenericParameterAttributes;
            var isUnmanaged = Has(argument, typeof(IsUnmanagedAttribute));
            if (flags.HasFlag(GenericParameterAttributes.ReferenceTypeConstraint))
            {
                parts.Add("class");
            }

            if (flags.HasFlag(GenericParameterAttributes.NotNullableValueTypeConstraint))
            {
                parts.Add(isUnmanaged ? "unmanaged" : "struct");
            }

            parts.AddRange(argument.GetGenericParameterConstraints().Where(c => c != typeof(ValueType)).Select(Name).Order(StringComparer.Ordinal));
            if (flags.HasFlag(GenericParameterAttributes.DefaultConstructorConstraint) && !flags.HasFlag(GenericParameterAttributes.NotNullableValueTypeConstraint))
            {
                parts.Add("new()");
            }

            if (flags.HasFlag(GenericParameterAttributes.AllowByRefLike))
            {
                parts.Add("allows ref struct");
            }

            if (parts.Count > 0)
            {
                text.Append(" where ").Append(argument.Name).Append(" : ").Append(string.Join(", ", parts));
            }
        }

        return text.ToString();
    }

    /// <summary>
    /// Whether the attribute is applied, matched by full name: a build for an older target framework carries its
    /// own copies of the compiler's attributes (ScopedRefAttribute, IsExternalInit…), which are other types.
    /// </summary>
    private static bool Has(MemberInfo target, Type attribute) => Has(target.CustomAttributes, attribute);

    private static bool Has(ParameterInfo target, Type attribute) => Has(target.CustomAttributes, attribute);

    private static bool Has(IEnumerable<CustomAttributeData> attributes, Type attribute) =>
        attributes.Any(a => a.AttributeType.FullName == attribute.FullName);

    private static bool IsReadOnly(MemberInfo member) => Has(member, typeof(IsReadOnlyAttribute));

    /// <summary>The full C# name of a type definition: namespace, outer types and generic parameters.</summary>
    private static string TypeName(Type type) => Name(type);

    private static string Name(Type type) => Name(type, null);

    private static string Name(Type type, NullabilityInfo? nullability)
    {
        if (type.IsByRef || type.IsPointer)
        {
            var element = Name(type.GetElementType()!, nullability);
            return type.IsPointer ? element + "*" : element;
        }

        if (type.IsArray)
        {
            var rank = type.GetArrayRank();
            return Name(type.GetElementType()!, nullability?.ElementType) + "[" + new string(',', rank - 1) + "]" + NullMark(nullability);
        }

        if (type.IsGenericParameter)
        {
            // NullabilityInfoContext calls an unconstrained T nullable even where the source says T (see remarks);
            // for a T constrained to classes its answer holds.
            return type.GenericParameterAttributes.HasFlag(GenericParameterAttributes.ReferenceTypeConstraint)
                ? type.Name + NullMark(nullability)
                : type.Name;
        }

        if (Nullable.GetUnderlyingType(type) is { } underlying)
        {
            return Name(underlying, nullability?.GenericTypeArguments.FirstOrDefault()) + "?";
        }

        if (s_keywords.TryGetValue(type, out var keyword))
        {
            return keyword + NullMark(nullability);
        }

        var arguments = type.GetGenericArguments();
        var argumentNullability = nullability?.GenericTypeArguments;
        var chain = new Stack<Type>();
        for (var current = type; current is not null; current = current.DeclaringType)
        {
            chain.Push(current);
        }

        var text = new StringBuilder();
        var used = 0;
        foreach (var level in chain)
        {
            if (text.Length == 0)
            {
                text.Append(level.Namespace is { Length: > 0 } ns ? ns + "." : "");
            }
            else
            {
                text.Append('.');
            }

            var tick = level.Name.IndexOf('`', StringComparison.Ordinal);
            text.Append(tick < 0 ? level.Name : level.Name[..tick]);
            var count = tick < 0 ? 0 : int.Parse(level.Name[(tick + 1)..], CultureInfo.InvariantCulture);
            if (count > 0)
            {
                text.Append('<')
                    .Append(string.Join(", ", Enumerable.Range(used, count).Select(i => Name(arguments[i], argumentNullability is { Length: > 0 } n && i < n.Length ? n[i] : null))))
                    .Append('>');
                used += count;
            }
        }

        return text + NullMark(nullability);
    }

    private static string NullMark(NullabilityInfo? nullability) =>
        nullability is { ReadState: NullabilityState.Nullable } && !nullability.Type.IsValueType ? "?" : "";
}
