package pyspark

import (
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// pyspark.StorageLevel and the DataFrame's cache state. kafkalab computes a DataFrame
// again at each action, so a level changes nothing but what storageLevel and is_cached
// report, as Spark's cache manager reports them: the first level asked for stays until
// unpersist.

// storageLevelSource is pyspark.StorageLevel with PySpark's constants, repr and str.
const storageLevelSource = `
class StorageLevel:
    def __init__(self, useDisk, useMemory, useOffHeap, deserialized, replication=1):
        self.useDisk = useDisk
        self.useMemory = useMemory
        self.useOffHeap = useOffHeap
        self.deserialized = deserialized
        self.replication = replication

    def __repr__(self):
        return "StorageLevel(%s, %s, %s, %s, %s)" % (
            self.useDisk, self.useMemory, self.useOffHeap, self.deserialized, self.replication)

    def __str__(self):
        text = ""
        if self.useDisk:
            text += "Disk "
        if self.useMemory:
            text += "Memory "
        if self.useOffHeap:
            text += "OffHeap "
        text += "Deserialized " if self.deserialized else "Serialized "
        return text + "%sx Replicated" % self.replication

    def __eq__(self, other):
        return isinstance(other, StorageLevel) and (
            self.useDisk, self.useMemory, self.useOffHeap, self.deserialized, self.replication) == (
            other.useDisk, other.useMemory, other.useOffHeap, other.deserialized, other.replication)

StorageLevel.NONE = StorageLevel(False, False, False, False, 1)
StorageLevel.DISK_ONLY = StorageLevel(True, False, False, False, 1)
StorageLevel.DISK_ONLY_2 = StorageLevel(True, False, False, False, 2)
StorageLevel.DISK_ONLY_3 = StorageLevel(True, False, False, False, 3)
StorageLevel.MEMORY_ONLY = StorageLevel(False, True, False, False, 1)
StorageLevel.MEMORY_ONLY_2 = StorageLevel(False, True, False, False, 2)
StorageLevel.MEMORY_AND_DISK = StorageLevel(True, True, False, False, 1)
StorageLevel.MEMORY_AND_DISK_2 = StorageLevel(True, True, False, False, 2)
StorageLevel.OFF_HEAP = StorageLevel(True, True, True, False, 1)
StorageLevel.MEMORY_AND_DISK_DESER = StorageLevel(True, True, False, True, 1)
`

// storageLevelClass is pyspark.StorageLevel.
func (in *Interpreter) storageLevelClass() (py.Object, error) {
	mod, err := in.Import("pyspark")
	if err != nil {
		return nil, err
	}
	return py.GetAttrString(mod, "StorageLevel")
}

// storageLevel is pyspark.StorageLevel.<name>.
func (in *Interpreter) storageLevel(name string) (py.Object, error) {
	cls, err := in.storageLevelClass()
	if err != nil {
		return nil, err
	}
	return py.GetAttrString(cls, name)
}

func init() {
	persist := func(name string, params []string) {
		python.DefMethod(dataFrameType, name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			d := self.(*pyDataFrame)
			a, err := python.ParseArgs(name, args, kwargs, params, 0)
			if err != nil {
				return nil, err
			}
			level := py.Object(nil)
			if len(a) > 0 && a[0] != nil && a[0] != py.None {
				level = a[0]
			} else if level, err = d.in.storageLevel("MEMORY_AND_DISK_DESER"); err != nil {
				return nil, err
			}
			if d.level == nil {
				d.level = level
			}
			return d, nil
		})
	}
	persist("cache", nil)
	persist("persist", []string{"storageLevel"})
	python.DefMethod(dataFrameType, "unpersist", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("unpersist", args, kwargs, []string{"blocking"}, 0); err != nil {
			return nil, err
		}
		d := self.(*pyDataFrame)
		d.level = nil
		return d, nil
	})
	python.DefProp(dataFrameType, "is_cached", func(self py.Object) (py.Object, error) {
		return py.NewBool(self.(*pyDataFrame).level != nil), nil
	})
	python.DefProp(dataFrameType, "storageLevel", func(self py.Object) (py.Object, error) {
		d := self.(*pyDataFrame)
		if d.level != nil {
			return d.level, nil
		}
		return d.in.storageLevel("NONE")
	})
}
