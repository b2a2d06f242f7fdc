using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Reflection.Emit;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using System.Reflection.PortableExecutable;
using System.Text;

namespace Eddy.Tests.Architecture;

/// <summary>
/// Which namespace of an assembly uses which other namespace of the same assembly, read from its metadata: base
/// types, interfaces, generic constraints, field types, method signatures, locals, catch types and every type,
/// method and field token in the IL bodies. Types of other assemblies are left out.
/// </summary>
public sealed partial class NamespaceGraph
{
    // Opcode value (0xFE-prefixed opcodes as 0xFExx) → operand type, taken from the BCL's own table.
    private static readonly Dictionary<ushort, OperandType> s_operands = typeof(OpCodes)
        .GetFields(BindingFlags.Public | BindingFlags.Static)
        .Select(f => (OpCode)f.GetValue(null)!)
        .ToDictionary(o => unchecked((ushort)o.Value), o => o.OperandType);

    private readonly Dictionary<(string From, string To), SortedSet<string>> _edges = [];

    private NamespaceGraph()
    {
    }

    /// <summary>Every edge between two different namespaces, with the types that make it.</summary>
    public IReadOnlyDictionary<(string From, string To), SortedSet<string>> Edges => _edges;

    public static NamespaceGraph Read(Assembly assembly)
    {
        ArgumentNullException.ThrowIfNull(assembly);
        return Read(assembly.Location);
    }

    /// <summary>The graph of the assembly file at <paramref name="path"/>, which need not be loadable here (another target's build).</summary>
    public static NamespaceGraph Read(string path)
    {
        using var stream = File.OpenRead(path);
        using var pe = new PEReader(stream);
        var graph = new NamespaceGraph();
        new Walker(pe, graph).Run();
        return graph;
    }

    /// <summary>One line per edge, "From -> To  (Type -> Type, ...)", sorted; for failure messages.</summary>
    public string Describe(Func<string, string, string>? mark = null)
    {
        var text = new StringBuilder();
        foreach (var ((from, to), uses) in _edges.OrderBy(e => e.Key.From, StringComparer.Ordinal).ThenBy(e => e.Key.To, StringComparer.Ordinal))
        {
            text.Append(mark?.Invoke(from, to) ?? "  ").Append(from).Append(" -> ").Append(to)
                .Append("  (").Append(string.Join(", ", uses.Take(4))).Append(uses.Count > 4 ? ", ..." : "").AppendLine(")");
        }

        return text.ToString();
    }

    private void Add(string fromNamespace, string fromType, string toNamespace, string toType)
    {
        if (fromNamespace == toNamespace)
        {
            return;
        }

        if (!_edges.TryGetValue((fromNamespace, toNamespace), out var uses))
        {
            _edges[(fromNamespace, toNamespace)] = uses = new SortedSet<string>(StringComparer.Ordinal);
        }

        uses.Add(fromType + " -> " + toType);
    }

    private sealed class Walker(PEReader pe, NamespaceGraph graph) : ISignatureTypeProvider<int, object?>
    {
        private readonly MetadataReader _reader = pe.GetMetadataReader();
        private TypeDefinitionHandle _current;

        public void Run()
        {
            foreach (var handle in _reader.TypeDefinitions)
            {
                _current = handle;
                var type = _reader.GetTypeDefinition(handle);
                Use(type.BaseType);
                foreach (var implementation in type.GetInterfaceImplementations())
                {
                    Use(_reader.GetInterfaceImplementation(implementation).Interface);
                }

                UseConstraints(type.GetGenericParameters());
                foreach (var field in type.GetFields())
                {
                    _reader.GetFieldDefinition(field).DecodeSignature(this, null);
                }

                foreach (var methodHandle in type.GetMethods())
                {
                    var method = _reader.GetMethodDefinition(methodHandle);
                    method.DecodeSignature(this, null);
                    UseConstraints(method.GetGenericParameters());
                    if (method.RelativeVirtualAddress != 0)
                    {
                        UseBody(pe.GetMethodBody(method.RelativeVirtualAddress));
                    }
                }
            }
        }

        private void UseConstraints(GenericParameterHandleCollection parameters)
        {
            foreach (var parameter in parameters)
            {
                foreach (var constraint in _reader.GetGenericParameter(parameter).GetConstraints())
                {
                    Use(_reader.GetGenericParameterConstraint(constraint).Type);
                }
            }
        }

        private void UseBody(MethodBodyBlock body)
        {
            if (!body.LocalSignature.IsNil)
            {
                _reader.GetStandaloneSignature(body.LocalSignature).DecodeLocalSignature(this, null);
            }

            foreach (var region in body.ExceptionRegions)
            {
                Use(region.CatchType);
            }

            var il = body.GetILReader();
            while (il.RemainingBytes > 0)
            {
                ushort code = il.ReadByte();
                if (code == 0xFE)
                {
                    code = (ushort)(0xFE00 | il.ReadByte());
                }

                switch (s_operands[code])
                {
                    case OperandType.InlineNone:
                        break;
                    case OperandType.ShortInlineBrTarget or OperandType.ShortInlineI or OperandType.ShortInlineVar:
                        il.Offset += 1;
                        break;
                    case OperandType.InlineVar:
                        il.Offset += 2;
                        break;
                    case OperandType.InlineI8 or OperandType.InlineR:
                        il.Offset += 8;
                        break;
                    case OperandType.InlineSwitch:
                        il.Offset += 4 * il.ReadInt32();
                        break;
                    case OperandType.InlineTok or OperandType.InlineType or OperandType.InlineMethod or OperandType.InlineField:
                        Use(MetadataTokens.EntityHandle(il.ReadInt32()));
                        break;
                    case OperandType.InlineSig:
                        _reader.GetStandaloneSignature((StandaloneSignatureHandle)MetadataTokens.EntityHandle(il.ReadInt32())).DecodeMethodSignature(this, null);
                        break;
                    default:
                        // InlineI, InlineBrTarget, InlineString, ShortInlineR: a 4-byte operand that names no type.
                        il.Offset += 4;
                        break;
                }
            }
        }

        private void Use(EntityHandle handle)
        {
            if (handle.IsNil)
            {
                return;
            }

            switch (handle.Kind)
            {
                case HandleKind.TypeDefinition:
                    GetTypeFromDefinition(_reader, (TypeDefinitionHandle)handle, 0);
                    break;
                case HandleKind.TypeSpecification:
                    _reader.GetTypeSpecification((TypeSpecificationHandle)handle).DecodeSignature(this, null);
                    break;
                case HandleKind.MethodDefinition:
                    Use(_reader.GetMethodDefinition((MethodDefinitionHandle)handle).GetDeclaringType());
                    break;
                case HandleKind.FieldDefinition:
                    Use(_reader.GetFieldDefinition((FieldDefinitionHandle)handle).GetDeclaringType());
                    break;
                case HandleKind.MemberReference:
                    Use(_reader.GetMemberReference((MemberReferenceHandle)handle).Parent);
                    break;
                case HandleKind.MethodSpecification:
                    var specification = _reader.GetMethodSpecification((MethodSpecificationHandle)handle);
                    Use(specification.Method);
                    specification.DecodeSignature(this, null);
                    break;
                default:
                    // Type references name other assemblies' types.
                    break;
            }
        }

        private (string Namespace, string Name) Describe(TypeDefinitionHandle handle)
        {
            var type = _reader.GetTypeDefinition(handle);
            var name = _reader.GetString(type.Name);
            while (type.IsNested)
            {
                // A nested type, including the compiler's closures and state machines, belongs to its outer type.
                handle = type.GetDeclaringType();
                type = _reader.GetTypeDefinition(handle);
                name = _reader.GetString(type.Name) + "." + name;
            }

            return (_reader.GetString(type.Namespace), name);
        }

        public int GetTypeFromDefinition(MetadataReader reader, TypeDefinitionHandle handle, byte rawTypeKind)
        {
            var from = Describe(_current);
            var to = Describe(handle);

            // Compiler-generated top-level types (<PrivateImplementationDetails>) have no namespace.
            if (from.Namespace.Length > 0 && to.Namespace.Length > 0)
            {
                graph.Add(from.Namespace, from.Name, to.Namespace, to.Name);
            }

            return 0;
        }

        public int GetTypeFromReference(MetadataReader reader, TypeReferenceHandle handle, byte rawTypeKind) => 0;

        public int GetTypeFromSpecification(MetadataReader reader, object? genericContext, TypeSpecificationHandle handle, byte rawTypeKind) =>
            reader.GetTypeSpecification(handle).DecodeSignature(this, genericContext);

        public int GetPrimitiveType(PrimitiveTypeCode typeCode) => 0;

        public int GetSZArrayType(int elementType) => 0;

        public int GetArrayType(int elementType, ArrayShape shape) => 0;

        public int GetByReferenceType(int elementType) => 0;

        public int GetPointerType(int elementType) => 0;

        public int GetPinnedType(int elementType) => 0;

        public int GetGenericInstantiation(int genericType, ImmutableArray<int> typeArguments) => 0;

        public int GetGenericTypeParameter(object? genericContext, int index) => 0;

        public int GetGenericMethodParameter(object? genericContext, int index) => 0;

        public int GetFunctionPointerType(MethodSignature<int> signature) => 0;

        public int GetModifiedType(int modifier, int unmodifiedType, bool isRequired) => 0;
    }
}
