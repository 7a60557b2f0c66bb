"""Classifier head: Linear 1024 -> 8192 classes, log_softmax over classes: (8192, 1024) -> (8192, 8192)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_features, num_classes):
        super().__init__()
        self.fc = nn.Linear(in_features, num_classes)

    def forward(self, x):
        return F.log_softmax(self.fc(x), dim=1)


batch_size = 8192
in_features = 1024
num_classes = 8192

SMALL = {"batch_size": 16, "in_features": 64, "num_classes": 256}


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, num_classes]
