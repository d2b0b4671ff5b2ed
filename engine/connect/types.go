package connect

import (
	"encoding/json"
	"fmt"

	pb "github.com/kafkalab/kafkalab/engine/connect/sparkconnectpb"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// protoType is a Spark SQL type as Spark Connect's DataType message.
func protoType(t sqltypes.DataType) (*pb.DataType, error) {
	switch t := t.(type) {
	case sqltypes.NullType:
		return &pb.DataType{Kind: &pb.DataType_Null{Null: &pb.DataType_NULL{}}}, nil
	case sqltypes.BooleanType:
		return &pb.DataType{Kind: &pb.DataType_Boolean_{Boolean: &pb.DataType_Boolean{}}}, nil
	case sqltypes.ByteType:
		return &pb.DataType{Kind: &pb.DataType_Byte_{Byte: &pb.DataType_Byte{}}}, nil
	case sqltypes.ShortType:
		return &pb.DataType{Kind: &pb.DataType_Short_{Short: &pb.DataType_Short{}}}, nil
	case sqltypes.IntegerType:
		return &pb.DataType{Kind: &pb.DataType_Integer_{Integer: &pb.DataType_Integer{}}}, nil
	case sqltypes.LongType:
		return &pb.DataType{Kind: &pb.DataType_Long_{Long: &pb.DataType_Long{}}}, nil
	case sqltypes.FloatType:
		return &pb.DataType{Kind: &pb.DataType_Float_{Float: &pb.DataType_Float{}}}, nil
	case sqltypes.DoubleType:
		return &pb.DataType{Kind: &pb.DataType_Double_{Double: &pb.DataType_Double{}}}, nil
	case sqltypes.StringType:
		return &pb.DataType{Kind: &pb.DataType_String_{String_: &pb.DataType_String{}}}, nil
	case sqltypes.BinaryType:
		return &pb.DataType{Kind: &pb.DataType_Binary_{Binary: &pb.DataType_Binary{}}}, nil
	case sqltypes.DateType:
		return &pb.DataType{Kind: &pb.DataType_Date_{Date: &pb.DataType_Date{}}}, nil
	case sqltypes.TimestampType:
		return &pb.DataType{Kind: &pb.DataType_Timestamp_{Timestamp: &pb.DataType_Timestamp{}}}, nil
	case sqltypes.TimestampNTZType:
		return &pb.DataType{Kind: &pb.DataType_TimestampNtz{TimestampNtz: &pb.DataType_TimestampNTZ{}}}, nil
	case sqltypes.TimeType:
		p := int32(t.Precision)
		return &pb.DataType{Kind: &pb.DataType_Time_{Time: &pb.DataType_Time{Precision: &p}}}, nil
	case sqltypes.DecimalType:
		p, s := int32(t.Precision), int32(t.Scale)
		return &pb.DataType{Kind: &pb.DataType_Decimal_{Decimal: &pb.DataType_Decimal{Precision: &p, Scale: &s}}}, nil
	case sqltypes.ArrayType:
		e, err := protoType(t.Element)
		if err != nil {
			return nil, err
		}
		return &pb.DataType{Kind: &pb.DataType_Array_{Array: &pb.DataType_Array{ElementType: e, ContainsNull: t.ContainsNull}}}, nil
	case sqltypes.MapType:
		k, err := protoType(t.Key)
		if err != nil {
			return nil, err
		}
		v, err := protoType(t.Value)
		if err != nil {
			return nil, err
		}
		return &pb.DataType{Kind: &pb.DataType_Map_{Map: &pb.DataType_Map{KeyType: k, ValueType: v, ValueContainsNull: t.ValueContainsNull}}}, nil
	case *sqltypes.StructType:
		st := &pb.DataType_Struct{}
		for _, f := range t.Fields {
			ft, err := protoType(f.Type)
			if err != nil {
				return nil, err
			}
			field := &pb.DataType_StructField{Name: f.Name, DataType: ft, Nullable: f.Nullable}
			if len(f.Metadata) > 0 {
				b, err := json.Marshal(f.Metadata)
				if err != nil {
					return nil, fmt.Errorf("metadata of field %s: %w", f.Name, err)
				}
				m := string(b)
				field.Metadata = &m
			}
			st.Fields = append(st.Fields, field)
		}
		return &pb.DataType{Kind: &pb.DataType_Struct_{Struct: st}}, nil
	}
	return nil, unsupportedf("data type %s", t.SQL())
}

// engineType is a Spark Connect DataType as the engine's type.
func engineType(t *pb.DataType) (sqltypes.DataType, error) {
	switch k := t.GetKind().(type) {
	case *pb.DataType_Null:
		return sqltypes.NullType{}, nil
	case *pb.DataType_Boolean_:
		return sqltypes.Boolean, nil
	case *pb.DataType_Byte_:
		return sqltypes.ByteType{}, nil
	case *pb.DataType_Short_:
		return sqltypes.ShortType{}, nil
	case *pb.DataType_Integer_:
		return sqltypes.Integer, nil
	case *pb.DataType_Long_:
		return sqltypes.Long, nil
	case *pb.DataType_Float_:
		return sqltypes.FloatType{}, nil
	case *pb.DataType_Double_:
		return sqltypes.Double, nil
	case *pb.DataType_String_, *pb.DataType_Char_, *pb.DataType_VarChar_:
		return sqltypes.String, nil
	case *pb.DataType_Binary_:
		return sqltypes.Binary, nil
	case *pb.DataType_Date_:
		return sqltypes.DateT, nil
	case *pb.DataType_Timestamp_:
		return sqltypes.TimestampT, nil
	case *pb.DataType_TimestampNtz:
		return sqltypes.TimestampNTZType{}, nil
	case *pb.DataType_Time_:
		if k.Time.Precision != nil {
			return sqltypes.TimeType{Precision: int(k.Time.GetPrecision())}, nil
		}
		return sqltypes.TimeT, nil
	case *pb.DataType_Decimal_:
		p, s := 10, 0
		if k.Decimal.Precision != nil {
			p = int(k.Decimal.GetPrecision())
		}
		if k.Decimal.Scale != nil {
			s = int(k.Decimal.GetScale())
		}
		return sqltypes.DecimalType{Precision: p, Scale: s}, nil
	case *pb.DataType_Array_:
		e, err := engineType(k.Array.GetElementType())
		if err != nil {
			return nil, err
		}
		return sqltypes.ArrayType{Element: e, ContainsNull: k.Array.GetContainsNull()}, nil
	case *pb.DataType_Map_:
		kt, err := engineType(k.Map.GetKeyType())
		if err != nil {
			return nil, err
		}
		vt, err := engineType(k.Map.GetValueType())
		if err != nil {
			return nil, err
		}
		return sqltypes.MapType{Key: kt, Value: vt, ValueContainsNull: k.Map.GetValueContainsNull()}, nil
	case *pb.DataType_Struct_:
		st := &sqltypes.StructType{}
		for _, f := range k.Struct.GetFields() {
			ft, err := engineType(f.GetDataType())
			if err != nil {
				return nil, err
			}
			field := sqltypes.StructField{Name: f.GetName(), Type: ft, Nullable: f.GetNullable()}
			if f.Metadata != nil && f.GetMetadata() != "" && f.GetMetadata() != "{}" {
				if err := json.Unmarshal([]byte(f.GetMetadata()), &field.Metadata); err != nil {
					return nil, fmt.Errorf("metadata of field %s: %w", f.GetName(), err)
				}
			}
			st.Fields = append(st.Fields, field)
		}
		return st, nil
	case *pb.DataType_Unparsed_:
		return sqltypes.ParseDataType(k.Unparsed.GetDataTypeString())
	case nil:
		return nil, fmt.Errorf("a data type is missing")
	}
	return nil, unsupportedf("data type %T", t.GetKind())
}
